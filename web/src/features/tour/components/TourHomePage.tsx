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
import Button from '@mui/material/Button';
import type { TourHome } from '../../../api/types';
import NotFound from '../../../components/NotFound';
import { formatDollars } from '../../properties/propertySchema';
import { tourTexts } from '../../settings/contentSettings';
import { homeWords } from '../../settings/wording';
import { useTourHome } from '../api/tour';
import { TourTextsProvider } from '../tourTexts';
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
        <HomeDetails webflow={webflow} propertyId={propertyId} home={data} />
      )}
    </TourLayout>
  );
}

const STEPS = [1, 2, 3, 4] as const;
const TOURING = 'start-touring';

function HomeDetails({ webflow, propertyId, home }: { webflow: string; propertyId: number; home: TourHome }) {
  const texts = tourTexts(home.branding.content_settings, homeWords(home.branding.is_rental));
  const startTouring = () => {
    const section = document.getElementById(TOURING);
    section?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    section?.focus({ preventScroll: true });
  };
  return (
    <TourTextsProvider value={texts}>
      <Stack spacing={2}>
        {home.photos.length > 0 && (
          <Box
            role="region"
            aria-label="Photos"
            tabIndex={0}
            sx={{ display: 'flex', gap: 1, overflowX: 'auto', scrollSnapType: 'x mandatory', borderRadius: 1 }}
          >
            {home.photos.map((src, n) => (
              <Box
                key={src}
                component="img"
                src={src}
                alt={`Photo ${n + 1} of ${home.photos.length}`}
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
          <Typography variant="h1">{homeTitle(home)}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {home.city}, {home.state} {home.zipcode}
          </Typography>
          <Typography variant="h2" component="p" sx={{ mt: 1 }}>
            {homePrice(home.price, home.branding.is_rental)}
          </Typography>
          <Typography>{homeRooms(home)}</Typography>
        </Box>
        {home.open_to_tours && (
          <Box component="section" aria-labelledby="self-tour-title">
            <Typography id="self-tour-title" variant="h2">
              {texts.self_tour_scheduling_title}
            </Typography>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {texts.self_tour_scheduling_subtitle}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>{texts.self_tour_scheduling_description}</Typography>
            <Button variant="contained" size="large" sx={{ mt: 2 }} onClick={startTouring}>
              {texts.start_touring_button}
            </Button>
          </Box>
        )}
        {home.open_to_tours && (
          <Paper variant="outlined" component="section" aria-labelledby="how-it-works" sx={{ p: 2 }}>
            <Typography id="how-it-works" variant="h3" component="h2" sx={{ mb: 1 }}>
              {texts.how_it_works_title}
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 3 }}>
              {STEPS.map((n) => (
                <Box component="li" key={n} sx={{ mb: 1 }}>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {texts[`step_${n}_title`]}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {texts[`step_${n}_description`]}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        )}
        <Box component="section" id={TOURING} tabIndex={-1} aria-labelledby="own-time" sx={{ outline: 'none' }}>
          <Typography id="own-time" variant="h2" sx={{ mb: 1 }}>
            {texts.self_tours_own_time_title}
          </Typography>
          {home.open_to_tours ? (
            <VisitorIdentity webflow={webflow} propertyId={propertyId} branding={home.branding} />
          ) : (
            <Alert severity="info">This home is not open to self-tours right now.</Alert>
          )}
        </Box>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            Self-tour hours{home.timezone_abbr ? ` (${home.timezone_abbr})` : ''}
          </Typography>
          <Table size="small" aria-label="Self-tour hours">
            <TableBody>
              {home.tour_hours.map((d) => (
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
            {home.community.name}
          </Typography>
          <Stack spacing={0.5}>
            <Link component={RouterLink} to={`/tour/${webflow}/community/${home.community.id}`}>
              More homes in {home.community.name}
            </Link>
            {home.community.website && (
              <Link href={home.community.website} target="_blank" rel="noopener noreferrer">
                The community&apos;s website
              </Link>
            )}
          </Stack>
        </Paper>
      </Stack>
    </TourTextsProvider>
  );
}
