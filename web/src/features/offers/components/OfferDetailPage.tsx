import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { isNotFound } from '../../../api/client';
import type { OfferRow } from '../../../api/types';
import { DetailFields } from '../../../components/DetailFields';
import { GoBack } from '../../../components/GoBack';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import NotFound from '../../../components/NotFound';
import { formatUsDate } from '../../../lib/format';
import { contactLabel, useOffer } from '../api/offers';

/** /offers/{offerId}: one visitor's offer, titled "Ready to Buy" (spec 2 §2). */
export default function OfferDetailPage() {
  const { offerId = '' } = useParams();
  const offer = useOffer(offerId);
  if (isNotFound(offer.error)) return <NotFound />;
  return (
    <Box>
      <GoBack to="/offers" label="Back" />
      <Typography variant="h1">Ready to Buy</Typography>
      {offer.isError ? (
        <LoadError onRetry={() => void offer.refetch()}>{loadErrorText('The offer', offer.error)}</LoadError>
      ) : offer.data && String(offer.data.id) === offerId ? (
        <OfferView offer={offer.data} />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>Loading offer…</Typography>
      )}
    </Box>
  );
}

function OfferView({ offer }: { offer: OfferRow }) {
  const fields: [string, React.ReactNode][] = [
    [
      'Customer',
      <Link key="c" component={RouterLink} to={`/customers/${offer.customer_id}`}>
        {offer.firstname} {offer.lastname}
      </Link>,
    ],
    ['Email', offer.email],
    ['Phone', offer.phone],
    [
      'Property',
      <Link key="p" component={RouterLink} to={`/properties/${offer.property_id}`}>
        {[offer.house_num && `Lot ${offer.house_num}`, offer.address_1].filter(Boolean).join(' · ')} (
        {offer.property_id})
      </Link>,
    ],
    ['Floor Plan', offer.floor_plan],
    ['Prequalified', offer.prequalified ? 'Yes' : 'No'],
    ['Move In', offer.move_in ? formatUsDate(offer.move_in) : '—'],
    ['Preferred Contact', contactLabel(offer.preferred_contact)],
    ['Comments', offer.comments],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 2, maxWidth: 900 }}>
      <DetailFields fields={fields} />
    </Paper>
  );
}
