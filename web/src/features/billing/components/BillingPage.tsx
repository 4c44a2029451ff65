import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/client';
import { useInvoices } from '../api/billing';
import { filterInvoices, HISTORY_FILTERS, money, type HistoryFilter } from '../invoices';
import { InvoiceTable } from './InvoiceTable';

/** /billing: the current balance and the invoice history, filtered All, Unpaid or Paid. */
export default function BillingPage() {
  const invoices = useInvoices();
  const [filter, setFilter] = useState<HistoryFilter>('All');
  if (invoices.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading invoices" />
      </Box>
    );
  }
  if (invoices.isError) {
    return (
      <Typography role="alert" color="error" sx={{ p: 3 }}>
        Could not load billing information: {errorMessage(invoices.error)}
      </Typography>
    );
  }
  const { data, balance, pay } = invoices.data;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Billing Information
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, maxWidth: 360 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Current Balance
        </Typography>
        <Typography variant="h4" component="p" data-testid="current-balance">
          {money(balance)}
        </Typography>
      </Paper>
      <Paper variant="outlined">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 1.5, gap: 2 }}>
          <Typography variant="h6" component="h2">
            Invoice History
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filter}
            onChange={(_, next: HistoryFilter | null) => next && setFilter(next)}
            aria-label="Show invoices"
          >
            {HISTORY_FILTERS.map((f) => (
              <ToggleButton key={f} value={f}>
                {f}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <InvoiceTable key={filter} invoices={filterInvoices(data, filter)} pay={pay} />
      </Paper>
    </Box>
  );
}
