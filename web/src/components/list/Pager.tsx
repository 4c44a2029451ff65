import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { PAGE_SIZES } from '../../app/config';
import { pageWindow, showingText } from './pageWindow';

export interface PagerProps {
  page: number;
  limit: number;
  total: number;
  showAll?: boolean;
  onPageChange(page: number): void;
  onLimitChange(limit: number): void;
}

export function Pager({ page, limit, total, showAll = false, onPageChange, onLimitChange }: PagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const items = showAll ? [] : pageWindow(page, pageCount);
  return (
    <Box
      component="nav"
      aria-label="pagination"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, py: 1.5, px: 1 }}
    >
      <Typography variant="body2" data-testid="pager-showing">
        {showingText(page, limit, total, showAll)}
      </Typography>
      {!showAll && (
        <TextField
          select
          size="small"
          label="Rows per page"
          value={limit}
          onChange={(e) => onLimitChange(Number(e.target.value))}
          sx={{ width: 130 }}
        >
          {PAGE_SIZES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!showAll && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
          <IconButton
            size="small"
            aria-label="Previous page"
            disabled={page <= 0}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft />
          </IconButton>
          {items.map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                size="small"
                variant={item === page ? 'contained' : 'text'}
                aria-label={`Page ${item + 1}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
                sx={{ minWidth: 36 }}
              >
                {item + 1}
              </Button>
            ) : (
              <Typography key={item} component="span" sx={{ px: 0.5 }} aria-hidden>
                …
              </Typography>
            ),
          )}
          <IconButton
            size="small"
            aria-label="Next page"
            disabled={page >= pageCount - 1}
            onClick={() => onPageChange(page + 1)}
          >
            <ChevronRight />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
