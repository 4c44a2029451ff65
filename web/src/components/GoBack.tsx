import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

/** Back button to a fixed target (the list the form belongs to). */
export function GoBack({ to, label = 'Go Back' }: { to: string; label?: string }) {
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(to)} sx={{ mb: 1 }}>
      {label}
    </Button>
  );
}
