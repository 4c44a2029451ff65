import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SalesLineItem } from '../../../api/types';
import { money } from '../invoices';

interface LineColumn {
  label: string;
  numeric?: boolean;
  cell(line: SalesLineItem): ReactNode;
}

const COLUMNS = {
  description: { label: 'Description', cell: (l) => l.description },
  item: { label: 'Item', cell: (l) => l.itemName },
  quantity: { label: 'Quantity', numeric: true, cell: (l) => l.quantity },
  unitPrice: { label: 'Unit Price', numeric: true, cell: (l) => money(l.unitPrice) },
  rate: { label: 'Rate', numeric: true, cell: (l) => `${l.quantity} × ${money(l.unitPrice)}` },
  amount: { label: 'Amount', numeric: true, cell: (l) => money(l.amount) },
} satisfies Record<string, LineColumn>;

export type LineColumnName = keyof typeof COLUMNS;

/** An invoice's lines with the columns a screen shows (the billing page's and the invoice's differ). */
export function LineItemsTable({
  lines,
  columns,
  label,
  sx,
}: {
  lines: readonly SalesLineItem[];
  columns: readonly LineColumnName[];
  label: string;
  sx?: SxProps<Theme>;
}) {
  const shown: LineColumn[] = columns.map((name) => COLUMNS[name]);
  return (
    <Table size="small" aria-label={label} sx={sx}>
      <TableHead>
        <TableRow>
          {shown.map((c) => (
            <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line, n) => (
          <TableRow key={n}>
            {shown.map((c) => (
              <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                {c.cell(line)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
