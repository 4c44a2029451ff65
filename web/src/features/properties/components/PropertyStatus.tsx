import Chip from '@mui/material/Chip';

/**
 * A property's status as a chip. Accessible is green; the lock's own colours (active green, down
 * red) come with the hardware issue, which knows the lock status.
 */
export function PropertyStatus({ disposition }: { disposition: string }) {
  return (
    <Chip
      size="small"
      label={disposition}
      color={disposition === 'Accessible' ? 'success' : 'default'}
      variant={disposition === 'Accessible' ? 'filled' : 'outlined'}
    />
  );
}
