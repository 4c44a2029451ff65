import { useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';

export interface FilterMenuProps {
  /** How many filters are set (shown as a badge). */
  activeCount: number;
  /** The filter fields; they edit a draft that Apply commits. */
  children: ReactNode;
  onApply(): void;
  onClear(): void;
  onOpen?(): void;
  /** While the draft is invalid (its fields say why), Apply is disabled. */
  applyDisabled?: boolean;
}

/** The Filter button and its popover; each area supplies its fields. */
export function FilterMenu({ activeCount, children, onApply, onClear, onOpen, applyDisabled }: FilterMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Badge badgeContent={activeCount} color="primary" invisible={activeCount === 0}>
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          onClick={(e) => {
            onOpen?.();
            setAnchor(e.currentTarget);
          }}
        >
          Filter
        </Button>
      </Badge>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ p: 2, width: 320 }} role="dialog" aria-label="Filters">
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Filters
          </Typography>
          <Stack spacing={2}>{children}</Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button
              onClick={() => {
                onClear();
                setAnchor(null);
              }}
            >
              Clear
            </Button>
            <Button
              variant="contained"
              disabled={applyDisabled}
              onClick={() => {
                onApply();
                setAnchor(null);
              }}
            >
              Apply
            </Button>
          </Stack>
        </Box>
      </Popover>
    </>
  );
}
