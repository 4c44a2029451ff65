import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { RECENT_VISITS, useRecentVisits } from '../api/dashboard';
import { formatInZone } from '../zonedDate';

const TITLE = 'My Recent Visits';
const COLUMNS = ['First Name', 'Last Name', 'Subdivision', 'Visitor Status', 'Visitor Type', 'Date'];

/** The five newest modified visits; dates in the property's time zone. */
export function RecentVisits() {
  const query = useRecentVisits();
  const rows = (query.data?.data ?? []).slice(0, RECENT_VISITS);
  const message = (text: ReactNode) => (
    <TableRow>
      <TableCell colSpan={COLUMNS.length} align="center">
        {text}
      </TableCell>
    </TableRow>
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="recent-visits" sx={{ p: 2 }}>
      <Typography id="recent-visits" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {TITLE}
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="recent-visits" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600 }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isPending
              ? message(<CircularProgress size={24} aria-label="Loading recent visits" />)
              : query.isError
                ? message(
                    <LoadError onRetry={() => void query.refetch()}>
                      {loadErrorText('Recent visits', query.error)}
                    </LoadError>,
                  )
                : rows.length === 0
                  ? message('No record exist!')
                  : rows.map((v) => (
                      <TableRow key={v.customer_visit_id} data-testid="recent-visit">
                        <TableCell>{v.firstname}</TableCell>
                        <TableCell>{v.lastname}</TableCell>
                        <TableCell>{v.subdivision}</TableCell>
                        <TableCell>{v.visitor_status}</TableCell>
                        <TableCell>{v.visitor_type}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInZone(v.modified_on, v.timezone)}</TableCell>
                      </TableRow>
                    ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
