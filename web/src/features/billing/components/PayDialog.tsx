import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Invoice, PaymentInstructions } from '../../../api/types';
import { money } from '../invoices';

/**
 * Pay on an overdue invoice: how to pay it (the configured remittance details and payment page),
 * never a payment itself; payments are recorded once they arrive.
 */
export function PayDialog({
  invoice,
  pay,
  onClose,
}: {
  invoice: Invoice | null;
  pay: PaymentInstructions;
  onClose(): void;
}) {
  const nothingConfigured = !pay.remittance && !pay.paymentUrl;
  return (
    <Dialog open={invoice !== null} onClose={onClose} aria-labelledby="pay-title" fullWidth maxWidth="sm">
      <DialogTitle id="pay-title">Pay invoice {invoice?.docNumber}</DialogTitle>
      <DialogContent>
        {invoice && (
          <Typography sx={{ mb: 2 }}>
            Balance due: <strong>{money(invoice.balance)}</strong>. Please quote invoice {invoice.docNumber} with your
            payment.
          </Typography>
        )}
        {pay.remittance && (
          <Typography component="div" sx={{ whiteSpace: 'pre-line', mb: 2 }} data-testid="remittance">
            {pay.remittance}
          </Typography>
        )}
        {pay.paymentUrl && (
          <Link href={pay.paymentUrl} target="_blank" rel="noopener noreferrer">
            Pay online
          </Link>
        )}
        {nothingConfigured && <Typography>Contact your Tourdesk account manager to pay this invoice.</Typography>}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          The invoice shows as paid once your payment has been received.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
