import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { downloadCsv } from '../../../lib/csv';

export interface ChartData {
  file: string;
  headers: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
}

/**
 * A chart with its title, an optional caption saying what it counts, and a CSV of the data it
 * draws; `No data to show` when it is all zero.
 */
export function ChartCard({
  title,
  caption,
  data,
  empty,
  height = 260,
  children,
}: {
  title: string;
  caption?: string;
  data: ChartData;
  empty: boolean;
  height?: number;
  children: ReactNode;
}) {
  const id = `insight-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Button
          size="small"
          startIcon={<FileDownloadIcon />}
          onClick={() => downloadCsv(data.file, data.headers, data.rows)}
          aria-label={`CSV of ${title}`}
        >
          CSV
        </Button>
      </Stack>
      {caption && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {caption}
        </Typography>
      )}
      <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {empty ? <Typography sx={{ color: 'text.secondary' }}>No data to show</Typography> : children}
      </Box>
    </Paper>
  );
}
