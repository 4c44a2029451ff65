import { Link as RouterLink, useParams } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotFound from '../../../components/NotFound';
import { useTourCommunity } from '../api/tour';
import { homePrice, homeTitle } from './TourHomePage';
import { TourLayout, TourPageState } from './TourLayout';

/** /tour/{webflow}/community/{id}: a community's homes open to self-tours. */
export default function TourCommunityPage() {
  const { webflow = '', id } = useParams();
  const communityId = Number(id);
  if (!Number.isInteger(communityId) || communityId <= 0) return <NotFound />;
  return <TourCommunity webflow={webflow} communityId={communityId} />;
}

function TourCommunity({ webflow, communityId }: { webflow: string; communityId: number }) {
  const community = useTourCommunity(webflow, communityId);
  const data = community.data;
  return (
    <TourLayout branding={data?.branding}>
      {!data ? (
        <TourPageState
          isPending={community.isPending}
          error={community.error}
          what="community"
          onRetry={() => void community.refetch()}
        />
      ) : (
        <Stack spacing={2}>
          <div>
            <Typography variant="h1">{data.name}</Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {data.city}, {data.state}
            </Typography>
            {data.website && (
              <Link href={data.website} target="_blank" rel="noopener noreferrer">
                The community&apos;s website
              </Link>
            )}
          </div>
          <Typography variant="h2">Homes open to self-tours</Typography>
          {data.homes.length === 0 && <Typography>No homes are open to self-tours here right now.</Typography>}
          {data.homes.map((home) => (
            <Card key={home.property_id} variant="outlined">
              <CardActionArea component={RouterLink} to={`/tour/${webflow}/property/${home.property_id}`}>
                <CardContent>
                  <Typography variant="h3" component="h3">
                    {homeTitle(home)}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{home.city}</Typography>
                  <Typography>
                    {[homePrice(home.price, data.branding.is_rental), `${home.bedrooms} beds`]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
    </TourLayout>
  );
}
