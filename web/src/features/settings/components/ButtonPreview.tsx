import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { PREVIEW_DEBOUNCE_MS, type ButtonValues } from '../companySchema';

/** The website marketing button as visitors will see it, following the form 300 ms behind. */
export function ButtonPreview({ button }: { button: ButtonValues }) {
  // Debounced by content: the watched object may be a new one on every render.
  const shown = JSON.parse(useDebouncedValue(JSON.stringify(button), PREVIEW_DEBOUNCE_MS)) as ButtonValues;
  return (
    <Box
      sx={{
        p: 3,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'grey.50',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Preview
      </Typography>
      <button
        type="button"
        tabIndex={-1}
        data-testid="button-preview"
        style={{
          color: shown.textColor,
          backgroundColor: shown.backgroundColor,
          borderRadius: shown.borderRadius,
          fontSize: shown.fontSize,
          border: 'none',
          padding: '0.6em 1.4em',
          fontFamily: 'inherit',
          fontWeight: 600,
          cursor: 'default',
        }}
      >
        {shown.text || ' '}
      </button>
    </Box>
  );
}
