import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { errorMessage } from '../../../api/client';
import type { Invoice, PaymentInstructions } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../app/config';
import { openInvoice } from '../api/billing';
import { invoiceDate, invoiceStatus, money, statusColor, utcToday } from '../invoices';
import { LineItemsTable } from './LineItemsTable';
import { PayDialog } from './PayDialog';

export interface InvoiceTableProps {
  invoices: readonly Invoice[];
  pay: PaymentInstructions;
  /** Where an invoice's number leads (its page), when it has one. */
  detailHref?(invoice: Invoice): string;
}

/**
 * The invoice history: Invoice #, Date, Due Date, Amount, Status and Actions (Pay for overdue
 * invoices, View), each row expanding to its line items; paged on the client, 25 rows at first.
 */
export function InvoiceTable({ invoices, pay, detailHref }: InvoiceTableProps) {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<number | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const notify = useNotify();
  const today = utcToday();
  const shown = invoices.slice(page * limit, page * limit + limit);
  const view = async (id: number) => {
    try {
      await openInvoice(id);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };
  if (invoices.length === 0) {
    return <Typography sx={{ p: 3, color: 'text.secondary', textAlign: 'center' }}>No invoices found</Typography>;
  }
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Invoice History">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>Invoice #</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Due Date</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((invoice) => {
              const status = invoiceStatus(invoice.balance, invoice.dueDate, today);
              const expanded = open === invoice.id;
              return (
                <Fragment key={invoice.id}>
                  <TableRow hover>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={`${expanded ? 'Hide' : 'Show'} line items of ${invoice.docNumber}`}
                        aria-expanded={expanded}
                        onClick={() => setOpen(expanded ? null : invoice.id)}
                      >
                        {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                      </IconButton>
                    </TableCell>
                    <TableCell>
                      {detailHref ? (
                        <Link component={RouterLink} to={detailHref(invoice)}>
                          {invoice.docNumber}
                        </Link>
                      ) : (
                        invoice.docNumber
                      )}
                    </TableCell>
                    <TableCell>{invoiceDate(invoice.date)}</TableCell>
                    <TableCell>{invoiceDate(invoice.dueDate)}</TableCell>
                    <TableCell align="right">{money(invoice.totalAmount)}</TableCell>
                    <TableCell>
                      <Chip size="small" label={status} color={statusColor(status)} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {status === 'Overdue' && (
                        <Button size="small" variant="contained" onClick={() => setPaying(invoice)} sx={{ mr: 1 }}>
                          Pay
                        </Button>
                      )}
                      <Button size="small" variant="outlined" onClick={() => void view(invoice.id)}>
                        View
                      </Button>
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell sx={{ py: 0, borderBottom: expanded ? undefined : 'none' }} colSpan={7}>
                      <Collapse in={expanded} unmountOnExit>
                        <Box sx={{ m: 1.5 }}>
                          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                            Line Items
                          </Typography>
                          <LineItemsTable
                            lines={invoice.salesLineItems}
                            columns={['description', 'item', 'quantity', 'unitPrice', 'amount']}
                            label={`Line items of ${invoice.docNumber}`}
                          />
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={invoices.length}
        page={page}
        rowsPerPage={limit}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setLimit(Number(e.target.value));
          setPage(0);
        }}
      />
      <PayDialog invoice={paying} pay={pay} onClose={() => setPaying(null)} />
    </>
  );
}
