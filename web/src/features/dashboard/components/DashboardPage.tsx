import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../api/session';
import type { SeriesPoint } from '../../../api/types';
import { useBuilderSelection } from '../../../app/builderSelection';
import { useEnterpriseBuilders } from '../../builders/api/useBuilders';
import {
  useActiveProperties,
  useContractorsServed,
  useSoldProperties,
  useVisitCount,
  useVisitSeries,
} from '../api/dashboard';
import { RecentVisits } from './RecentVisits';
import { StatCard } from './StatCard';
import { VisitsChart } from './VisitsChart';

const LAST_30_DAYS = 'Last 30 days';

/** Rental wording: the user's own builder, or the enterprise builder chosen in the top bar. */
function useIsRental(): boolean {
  const { user } = useSession();
  const enterprise = !!user?.isEnterprise;
  const builders = useEnterpriseBuilders(enterprise);
  const selected = useBuilderSelection();
  if (!enterprise) return !!user?.isRental;
  return !!selected && !!builders.data?.find((b) => b.builder_id === selected)?.is_rental;
}

const dayLabel = (p: SeriesPoint) => `${(p.name_of_day ?? '').slice(0, 3)} ${p.date.slice(5)}`;
const monthLabel = (p: SeriesPoint) => `${(p.name_of_month ?? '').slice(0, 3)} ${p.date.slice(0, 4)}`;

/** Stats cards, the daily and monthly visit charts and the recent visits (spec 1 §2 Dashboard). */
export default function DashboardPage() {
  const rental = useIsRental();
  const contractors = useContractorsServed();
  const active = useActiveProperties();
  const sold = useSoldProperties();
  const visits = useVisitCount();
  const daily = useVisitSeries('monthlyVisits');
  const monthly = useVisitSeries('yearlyVisits');
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Dashboard
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        <StatCard title="Contractors Served" caption={LAST_30_DAYS} query={contractors} />
        <StatCard title="Active Properties" caption="Accessible now" query={active} />
        <StatCard title={rental ? 'Homes Rented' : 'Sold Properties'} caption={LAST_30_DAYS} query={sold} />
        <StatCard title="Visits" caption={LAST_30_DAYS} query={visits} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <VisitsChart title="Daily Visits" query={daily} label={dayLabel} />
        <VisitsChart title="Monthly Visits" query={monthly} label={monthLabel} />
      </Box>
      <RecentVisits />
    </>
  );
}
