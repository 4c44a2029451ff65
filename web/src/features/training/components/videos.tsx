// Pieces shared by the two training pages: thumbnails, the Watch Video modal (or, without
// videos, the topic's written guide), the page frame.
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import type { Training, TrainingVideo } from '../../../api/types';
import { LoadingScreen } from '../../../app/LoadingScreen';
import { LoadError, loadErrorText } from '../../../components/LoadError';
import { useTraining } from '../api/training';
import { GUIDES } from '../guides';

export const VIDEO_UNREACHABLE = 'This video could not be loaded. The written guide follows.';

/** The thumbnail; a book where the topic has only its written guide, a crossed camera where the thumbnail cannot be reached. */
export function VideoThumbnail({ video }: { video: TrainingVideo }) {
  const [failed, setFailed] = useState(false);
  const frame = { width: '100%', aspectRatio: '16 / 9', borderRadius: 1, bgcolor: 'grey.200' } as const;
  if (!video.thumbnail_url || failed)
    return (
      <Box sx={{ ...frame, display: 'grid', placeItems: 'center', color: 'text.secondary' }} aria-hidden>
        {video.thumbnail_url ? <VideocamOffIcon fontSize="large" /> : <MenuBookIcon fontSize="large" />}
      </Box>
    );
  return (
    <Box
      component="img"
      src={video.thumbnail_url}
      alt=""
      onError={() => setFailed(true)}
      sx={{ ...frame, objectFit: 'cover', display: 'block' }}
    />
  );
}

/** A video's card: thumbnail, what the page shows of it, Watch Video (Read Guide without videos) and the page's other actions. */
export function VideoCard({
  video,
  onWatch,
  actions,
  children,
}: {
  video: TrainingVideo;
  onWatch(): void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="article" aria-label={video.title} sx={{ height: '100%' }}>
      <VideoThumbnail video={video} />
      <CardContent>{children}</CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        {video.video_url ? (
          <Button startIcon={<PlayArrowIcon />} onClick={onWatch}>
            Watch Video
          </Button>
        ) : (
          <Button startIcon={<MenuBookIcon />} onClick={onWatch}>
            Read Guide
          </Button>
        )}
        {actions}
      </CardActions>
    </Card>
  );
}

/** The topic's written guide: its steps, each linking the screen it happens on. */
export function GuideSteps({ slug }: { slug: string }) {
  const guide = GUIDES[slug] ?? [];
  if (guide.length === 0) return null;
  return (
    <Box component="ol" aria-label="Step by step" sx={{ m: 0, pl: 3 }}>
      {guide.map((step) => (
        <Box component="li" key={step.text} sx={{ mb: 1.5 }}>
          <Typography>{step.text}</Typography>
          {step.link && (
            <Link component={RouterLink} to={step.link.to} variant="body2">
              Open {step.link.label}
            </Link>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** The Watch Video modal: the player where there is one, then the topic's written guide. */
export function VideoDialog({
  video,
  onClose,
  actions,
}: {
  video: TrainingVideo;
  onClose(): void;
  /** More buttons before Close. */
  actions?: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{video.title}</DialogTitle>
      <DialogContent>
        {video.video_url &&
          (failed ? (
            <Alert severity="info" icon={<VideocamOffIcon />} sx={{ mb: 2 }}>
              {VIDEO_UNREACHABLE}
            </Alert>
          ) : (
            <Box
              component="video"
              src={video.video_url}
              controls
              autoPlay
              onError={() => setFailed(true)}
              sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: 'black', borderRadius: 1, mb: 2 }}
            />
          ))}
        <Typography sx={{ mb: 2 }}>{video.description}</Typography>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Step by step
        </Typography>
        <GuideSteps slug={video.slug} />
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A training page: its heading, the cards of its videos once loaded, and the Watch Video modal. */
export function TrainingFrame({
  title,
  intro,
  pick,
  dialogActions,
  children,
}: {
  title: string;
  intro: string;
  pick(training: Training): TrainingVideo[];
  /** More buttons in the modal; `close` closes it. */
  dialogActions?(close: () => void): ReactNode;
  /** A video's card; `watch` opens the modal. */
  children(video: TrainingVideo, watch: () => void): ReactNode;
}) {
  const training = useTraining();
  const [watching, setWatching] = useState<TrainingVideo | null>(null);
  const close = () => setWatching(null);
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{intro}</Typography>
      {training.isError ? (
        <LoadError onRetry={() => void training.refetch()}>
          {loadErrorText('Training videos', training.error)}
        </LoadError>
      ) : !training.data ? (
        <LoadingScreen />
      ) : (
        <Grid container spacing={3}>
          {pick(training.data).map((v) => (
            <Grid key={v.slug} size={{ xs: 12, sm: 6, lg: 4 }}>
              {children(v, () => setWatching(v))}
            </Grid>
          ))}
        </Grid>
      )}
      {watching && <VideoDialog video={watching} onClose={close} actions={dialogActions?.(close)} />}
    </Box>
  );
}
