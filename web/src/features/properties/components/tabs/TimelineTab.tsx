import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PropertyDetail } from '../../../../api/types';
import { formatInZone } from '../../../dashboard/zonedDate';

const COLUMNS = ['Time', 'Customer', 'Phone', 'Remarks'];

/** The property's latest visits, newest first; times in the property's time zone. */
export function TimelineTab({ detail }: { detail: PropertyDetail }) {
  return (
    // A long history scrolls inside the tab, under its header.
    <TableContainer sx={{ maxHeight: 640 }}>
      <Table size="small" stickyHeader aria-label="Timeline">
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
          {detail.visits.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} align="center" sx={{ color: 'text.secondary' }}>
                No record exist!
              </TableCell>
            </TableRow>
          ) : (
            detail.visits.map((v) => (
              <TableRow key={v.customer_visit_id} data-testid="timeline-visit">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInZone(v.visited_on, detail.timezone)}</TableCell>
                <TableCell>{`${v.firstname} ${v.lastname}`.trim()}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.cell_phone_1 ?? ''}</TableCell>
                <TableCell>{v.remarks ?? ''}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
