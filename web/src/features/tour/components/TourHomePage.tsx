import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import type { TourHome } from '../../../api/types';
import NotFound from '../../../components/NotFound';
import { formatDollars } from '../../properties/propertySchema';
import { useTourHome } from '../api/tour';
import { TourLayout, TourPageState } from './TourLayout';
import { VisitorIdentity } from './VisitorIdentity';

/** `Lot 18 · 204 Pecan Trail`. */
export function homeTitle(home: Pick<TourHome, 'house_num' | 'address_1'>): string {
  return home.house_num ? `Lot ${home.house_num} · ${home.address_1}` : home.address_1;
}

/** `$425,000`, or `$2,100/month` for a rental builder's home. */
export function homePrice(price: number | null | undefined, rental: boolean): string {
  if (price === null || price === undefined) return '';
  return rental ? `${formatDollars(price)}/month` : formatDollars(price);
}

/** `3 beds · 2.5 baths · 1,850 sq ft`. */
export function homeRooms(home: Pick<TourHome, 'bedrooms' | 'full_bathrooms' | 'half_bathrooms' | 'square_footage'>) {
  const baths = home.full_bathrooms + home.half_bathrooms / 2;
  const parts = [
    `${home.bedrooms} ${home.bedrooms === 1 ? 'bed' : 'beds'}`,
    `${baths} ${baths === 1 ? 'bath' : 'baths'}`,
  ];
  if (home.square_footage > 0) parts.push(`${home.square_footage.toLocaleString('en-US')} sq ft`);
  return parts.join(' · ');
}

/** /tour/{webflow}/property/{id}: a home's public page, phone first, in the builder's branding. */
export default function TourHomePage() {
  const { webflow = '', id } = useParams();
  const propertyId = Number(id);
  if (!Number.isInteger(propertyId) || propertyId <= 0) return <NotFound />;
  return <TourHome webflow={webflow} propertyId={propertyId} />;
}

function TourHome({ webflow, propertyId }: { webflow: string; propertyId: number }) {
  const home = useTourHome(webflow, propertyId);
  const data = home.data;
  return (
    <TourLayout branding={data?.branding}>
      {!data ? (
        <TourPageState isPending={home.isPending} error={home.error} what="home" onRetry={() => void home.refetch()} />
      ) : (
        <Stack spacing={2}>
          {data.photos.length > 0 && (
            <Box
              role="region"
              aria-label="Photos"
              tabIndex={0}
              sx={{ display: 'flex', gap: 1, overflowX: 'auto', scrollSnapType: 'x mandatory', borderRadius: 1 }}
            >
              {data.photos.map((src, n) => (
                <Box
                  key={src}
                  component="img"
                  src={src}
                  alt={`Photo ${n + 1} of ${data.photos.length}`}
                  loading={n === 0 ? 'eager' : 'lazy'}
                  sx={{
                    width: '100%',
                    flex: '0 0 100%',
                    aspectRatio: '4 / 3',
                    objectFit: 'cover',
                    scrollSnapAlign: 'start',
                  }}
                />
              ))}
            </Box>
          )}
          <Box>
            <Typography variant="h1">{homeTitle(data)}</Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {data.city}, {data.state} {data.zipcode}
            </Typography>
            <Typography variant="h2" component="p" sx={{ mt: 1 }}>
              {homePrice(data.price, data.branding.is_rental)}
            </Typography>
            <Typography>{homeRooms(data)}</Typography>
          </Box>
          {data.open_to_tours ? (
            <VisitorIdentity webflow={webflow} propertyId={propertyId} branding={data.branding} />
          ) : (
            <Alert severity="info">This home is not open to self-tours right now.</Alert>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              Self-tour hours{data.timezone_abbr ? ` (${data.timezone_abbr})` : ''}
            </Typography>
            <Table size="small" aria-label="Self-tour hours">
              <TableBody>
                {data.tour_hours.map((d) => (
                  <TableRow key={d.day}>
                    <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                      {d.day}
                    </TableCell>
                    <TableCell align="right" sx={{ pr: 0 }}>
                      {d.hours}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              {data.community.name}
            </Typography>
            <Stack spacing={0.5}>
              <Link component={RouterLink} to={`/tour/${webflow}/community/${data.community.id}`}>
                More homes in {data.community.name}
              </Link>
              {data.community.website && (
                <Link href={data.community.website} target="_blank" rel="noopener noreferrer">
                  The community&apos;s website
                </Link>
              )}
            </Stack>
          </Paper>
        </Stack>
      )}
    </TourLayout>
  );
}
