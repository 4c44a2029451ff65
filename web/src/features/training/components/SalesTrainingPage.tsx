import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { formatUsDate } from '../../../lib/format';
import { ConsultationDialog } from './ConsultationDialog';
import { TrainingFrame, VideoCard } from './videos';

export const SALES_TRAINING_TITLE = 'New Construction Sales Training';

/** /sales-training: three videos with their details, Watch Video and Schedule Consultation. */
export default function SalesTrainingPage() {
  const [consulting, setConsulting] = useState(false);
  const consultButton = (before?: () => void) => (
    <Button
      startIcon={<EventAvailableIcon />}
      onClick={() => {
        before?.();
        setConsulting(true);
      }}
    >
      Schedule Consultation
    </Button>
  );
  return (
    <>
      <TrainingFrame
        title={SALES_TRAINING_TITLE}
        intro="Turn self-tour visitors into buyers: lessons from the sales floor."
        pick={(t) => t.sales}
        dialogActions={(close) => (
          <>
            {/* The spec shows no action for it. */}
            <Button startIcon={<DownloadIcon />} disabled>
              Download Resources
            </Button>
            {consultButton(close)}
          </>
        )}
      >
        {(v, watch) => (
          <VideoCard video={v} onWatch={watch} actions={consultButton()}>
            <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color="primary" label={v.category} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {v.duration} · {formatUsDate(v.date)}
              </Typography>
            </Stack>
            <Typography variant="h3">{v.title}</Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {v.description}
            </Typography>
            {v.creator && (
              <Box sx={{ mt: 2 }}>
                <Divider sx={{ mb: 1.5 }} />
                <Typography variant="subtitle2">{v.creator.name}</Typography>
                {(v.creator.title || v.creator.company) && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {[v.creator.title, v.creator.company].filter(Boolean).join(', ')}
                  </Typography>
                )}
                {v.creator.bio && (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {v.creator.bio}
                  </Typography>
                )}
                {v.creator.link && (
                  <Link href={v.creator.link} target="_blank" rel="noopener noreferrer" variant="body2">
                    About {v.creator.name}
                  </Link>
                )}
              </Box>
            )}
          </VideoCard>
        )}
      </TrainingFrame>
      {consulting && <ConsultationDialog onClose={() => setConsulting(false)} />}
    </>
  );
}
