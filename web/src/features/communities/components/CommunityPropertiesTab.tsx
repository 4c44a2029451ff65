import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CommunityProperty } from '../../../api/types';

/** The community's homes by address; each leads to its property page. */
export function CommunityPropertiesTab({ properties }: { properties: readonly CommunityProperty[] }) {
  if (properties.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        This community has no properties yet.
      </Typography>
    );
  return (
    <Table size="small" aria-label="Community properties">
      <TableHead>
        <TableRow>
          <TableCell>House Number</TableCell>
          <TableCell>Street</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Zip</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {properties.map((p) => (
          <TableRow key={p.property_id} hover>
            <TableCell>{p.house_num ?? ''}</TableCell>
            <TableCell>
              <Link component={RouterLink} to={`/properties/${p.property_id}`}>
                {p.address_1}
              </Link>
            </TableCell>
            <TableCell>{p.state}</TableCell>
            <TableCell>{p.zipcode}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
