import { Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/client';
import type { Invoice } from '../../../api/types';
import { useInvoices } from '../api/billing';
import { money } from '../invoices';
import { InvoiceTable } from './InvoiceTable';
import InvoicePage from './InvoicePage';

/** The tabs of /account/billing: every invoice, those not paid, those paid (spec 3 §4). */
const TABS: { path: string; label: string; keep(invoice: Invoice): boolean }[] = [
  { path: 'invoices', label: 'Invoices', keep: () => true },
  { path: 'past-due', label: 'Past Due', keep: (i) => i.status === 'not_paid' },
  { path: 'paid', label: 'Paid', keep: (i) => i.status === 'paid' },
];

/** /account/billing and its routes: the three lists and each invoice's page. */
export default function AccountBilling() {
  return (
    <Routes>
      <Route index element={<Navigate to="invoices" replace />} />
      <Route path=":tab" element={<InvoiceTab />} />
      <Route path=":tab/:id" element={<InvoicePage />} />
    </Routes>
  );
}

function InvoiceTab() {
  const { tab } = useParams();
  const invoices = useInvoices();
  const current = TABS.find((t) => t.path === tab);
  if (!current) return <Navigate to="/account/billing/invoices" replace />;
  return (
    <Box>
      <Tabs value={current.path} sx={{ mb: 2 }} aria-label="Billing">
        {TABS.map((t) => (
          <Tab key={t.path} value={t.path} label={t.label} component={NavLink} to={`/account/billing/${t.path}`} />
        ))}
      </Tabs>
      {invoices.isPending && <CircularProgress aria-label="Loading invoices" />}
      {invoices.isError && (
        <Typography role="alert" color="error">
          Could not load billing information: {errorMessage(invoices.error)}
        </Typography>
      )}
      {invoices.data && (
        <>
          <Typography sx={{ mb: 1 }}>
            Current Balance: <strong>{money(invoices.data.balance)}</strong>
          </Typography>
          <InvoiceTable
            key={current.path}
            invoices={invoices.data.data.filter(current.keep)}
            pay={invoices.data.pay}
            detailHref={(invoice) => `/account/billing/${current.path}/${invoice.id}`}
          />
        </>
      )}
    </Box>
  );
}
