import Typography from '@mui/material/Typography';
import { TrainingFrame, VideoCard } from './videos';

/** /training: the ten general videos. */
export default function TrainingPage() {
  return (
    <TrainingFrame
      title="Training"
      intro="Short videos on setting up and running self-guided tours."
      pick={(t) => t.general}
    >
      {(v, watch) => (
        <VideoCard video={v} onWatch={watch}>
          <Typography variant="h3">{v.title}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {v.duration}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {v.description}
          </Typography>
        </VideoCard>
      )}
    </TrainingFrame>
  );
}
