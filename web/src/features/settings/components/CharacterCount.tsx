import Typography from '@mui/material/Typography';

/** `N/limit characters`, red once the count is over the limit. */
export function CharacterCount({ count, limit }: { count: number; limit: number }) {
  const over = count > limit;
  return (
    <Typography
      variant="caption"
      data-over={over}
      sx={{ display: 'block', textAlign: 'right', mt: 0.5, color: over ? 'error.main' : 'text.secondary' }}
    >
      {count}/{limit} characters
    </Typography>
  );
}
