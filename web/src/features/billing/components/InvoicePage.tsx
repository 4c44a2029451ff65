import { useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '../../../api/client';
import { useSession } from '../../../api/session';
import type { Invoice } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { GoBack } from '../../../components/GoBack';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { openInvoice, useInvoice, useRecordPayment, type PaymentForm } from '../api/billing';
import { LineItemsTable } from './LineItemsTable';
import { invoiceDate, invoicePeriod, invoiceStatus, money, statusColor, utcToday } from '../invoices';

/** The invoice page (/account/billing/{invoices|past-due|paid}/{id}): the invoice as billed. */
export default function InvoicePage() {
  const { tab = 'invoices', id: param } = useParams();
  const id = Number(param);
  const invoice = useInvoice(id);
  const notify = useNotify();
  const back = <GoBack to={`/account/billing/${tab}`} />;
  // A spinner until the invoice loaded is the one asked for.
  if (invoice.isError) {
    return (
      <Box>
        {back}
        <LoadError onRetry={() => void invoice.refetch()}>{loadErrorText('The invoice', invoice.error)}</LoadError>
      </Box>
    );
  }
  if (!invoice.data || invoice.data.id !== id) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading invoice" />
      </Box>
    );
  }
  const data = invoice.data;
  const view = async () => {
    try {
      await openInvoice(data.id);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };
  return (
    <Box>
      {back}
      <InvoiceSheet invoice={data} />
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={() => void view()}>
          Open PDF
        </Button>
      </Stack>
      <RecordPayment invoice={data} />
    </Box>
  );
}

/** Every block of the invoice (spec 3, Invoice page). */
function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const { customer } = invoice;
  const address = customer.billing_address;
  const status = invoiceStatus(invoice.balance, invoice.dueDate, utcToday());
  const paid = invoice.amount_paid + invoice.credits_applied;
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 860 }}
      aria-label={`Invoice ${invoice.docNumber}`}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography sx={{ color: 'primary.main', fontWeight: 700, fontSize: 28, lineHeight: 1 }}>Tourdesk</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Self-guided home tours
          </Typography>
        </Box>
        <Box sx={{ textAlign: { sm: 'right' } }}>
          <Typography variant="h5" component="h2">
            INVOICE
          </Typography>
          <Typography>Invoice # {invoice.docNumber}</Typography>
          <Typography>Date {invoiceDate(invoice.date)}</Typography>
          <Chip size="small" label={status} color={statusColor(status)} sx={{ mt: 0.5 }} />
        </Box>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', mt: 4, gap: 2 }}>
        <Box>
          <Typography variant="overline">Bill To</Typography>
          <Typography>{customer.company}</Typography>
          <Typography>
            Attn: {customer.first_name} {customer.last_name}
          </Typography>
          <Typography>{address.line1}</Typography>
          <Typography>
            {address.city}, {address.state_code} {address.zip}
          </Typography>
        </Box>
        <Box sx={{ minWidth: 200 }}>
          <Typography variant="overline">Terms</Typography>
          <Typography>Net {invoice.net_term_days}</Typography>
          <Typography variant="overline">Period</Typography>
          <Typography>{invoicePeriod(invoice.dueDate)}</Typography>
          <Typography variant="overline">Due Date</Typography>
          <Typography>{invoiceDate(invoice.dueDate)}</Typography>
        </Box>
      </Stack>
      <LineItemsTable
        lines={invoice.salesLineItems}
        columns={['item', 'description', 'rate', 'amount']}
        label="Invoice lines"
        sx={{ mt: 3 }}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          justifyContent: 'end',
          columnGap: 4,
          rowGap: 0.5,
          mt: 2,
        }}
      >
        <Typography>Total</Typography>
        <Typography align="right">{money(invoice.totalAmount)}</Typography>
        <Typography>Payments/Credits</Typography>
        <Typography align="right">{money(-paid)}</Typography>
        <Typography sx={{ fontWeight: 700 }}>Balance Due</Typography>
        <Typography align="right" sx={{ fontWeight: 700 }} data-testid="balance-due">
          {money(invoice.balance)}
        </Typography>
      </Box>
      <Divider sx={{ my: 2 }} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Questions about this invoice? Contact your Tourdesk account manager.
      </Typography>
    </Paper>
  );
}

/** Dollars typed (`1,234.50`) as cents; null when it is not an amount. */
export function cents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** For platform admins (also when acting as a program manager): a payment or credit recorded. */
function RecordPayment({ invoice }: { invoice: Invoice }) {
  const { user } = useSession();
  const record = useRecordPayment(invoice.id);
  const notify = useNotify();
  const [form, setForm] = useState({ kind: 'payment' as PaymentForm['kind'], amount: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!user?.isAdmin && !user?.actingAdmin) return null;
  if (invoice.balance <= 0) return null;
  const submit = async () => {
    const amount = cents(form.amount);
    if (amount === null || amount <= 0) {
      setErrors({ amount: 'Amount must be more than $0.00' });
      return;
    }
    setErrors({});
    try {
      await record.mutateAsync({ kind: form.kind, amount, note: form.note });
      notify.success(form.kind === 'credit' ? 'Credit recorded' : 'Payment recorded');
      setForm({ kind: form.kind, amount: '', note: '' });
    } catch (e) {
      if (e instanceof ApiError && e.errors) setErrors(e.errors);
      else notify.error(errorMessage(e));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3, maxWidth: 860 }} component="section" aria-label="Record a payment">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Record a payment or credit
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Kind"
          value={form.kind}
          onChange={(e) => setForm({ ...form, kind: e.target.value as PaymentForm['kind'] })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="payment">Payment</MenuItem>
          <MenuItem value="credit">Credit</MenuItem>
        </TextField>
        <TextField
          label="Amount"
          value={form.amount}
          onChange={(e) => setForm({ ...form, amount: e.target.value })}
          error={!!errors.amount}
          helperText={errors.amount ?? `At most ${money(invoice.balance)}`}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Note"
          value={form.note}
          onChange={(e) => setForm({ ...form, note: e.target.value })}
          error={!!errors.note}
          helperText={errors.note ?? ' '}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Button variant="contained" onClick={() => void submit()} disabled={record.isPending} sx={{ mt: 1 }}>
        {record.isPending ? 'Recording...' : 'Record'}
      </Button>
    </Paper>
  );
}
