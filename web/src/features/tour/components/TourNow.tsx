import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ApiError, errorMessage } from '../../../api/client';
import { tourNow, useTourVisit } from '../api/tour';
import { useTourTexts } from '../tourTexts';
import { saveVisitorSession, type VisitorAtHome } from '../visitorSession';

const visitKey = (webflow: string, propertyId: number) => `tourdesk.visit.${webflow}.${propertyId}`;

/** `3:05 PM`, in the browser's zone (the visitor stands at the home). */
function clock(value: string | null | undefined): string {
  if (!value) return '';
  return new Date(value).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/**
 * Tour Now: asks for a code for this visitor, then shows it once the lock holds it (the page
 * asks again every 2 s while the lock is taking it). The visit is remembered for this tab, so a
 * reload shows the same code.
 */
export function TourNow({ webflow, propertyId, session }: VisitorAtHome) {
  const [visitId, setVisitId] = useState<number | null>(() => {
    const stored = sessionStorage.getItem(visitKey(webflow, propertyId));
    return stored ? Number(stored) : null;
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const visit = useTourVisit(webflow, visitId, session.token);
  const texts = useTourTexts();

  const start = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const started = await tourNow(webflow, propertyId, session.token);
      sessionStorage.setItem(visitKey(webflow, propertyId), String(started.visit_id));
      setVisitId(started.visit_id);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        saveVisitorSession(webflow, null);
        return;
      }
      setRefusal(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const state = visit.data;
  if (visitId !== null && state && state.state !== 'ended') {
    return (
      <Box aria-live="polite">
        {state.code ? (
          <>
            <Typography>{state.message}</Typography>
            <Typography
              component="p"
              aria-label="Your door code"
              sx={{ fontSize: '3rem', fontWeight: 700, letterSpacing: '0.3em', my: 1 }}
            >
              {state.code}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              It works until {clock(state.ends_at)}. We texted it to you too. Lock the door when you leave.
            </Typography>
            {state.accessed && <AfterTourLink webflow={webflow} visitId={state.visit_id} />}
          </>
        ) : state.state === 'failed' ? (
          <Alert severity="error">{state.message}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>{state.message}</Typography>
            <LinearProgress aria-label="Setting your code" />
          </>
        )}
      </Box>
    );
  }
  return (
    <Box>
      <Typography variant="h3" component="h2">
        {texts.tour_now_title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5, mb: 1.5 }}>{texts.tour_now_description}</Typography>
      {visit.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(visit.error)}
        </Alert>
      )}
      {refusal && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {refusal}
        </Alert>
      )}
      {state?.state === 'ended' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {state.message}
          {state.accessed && <AfterTourLink webflow={webflow} visitId={state.visit_id} />}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={busy || (visitId !== null && visit.isPending)}
        onClick={() => void start()}
      >
        {texts.tour_now_button}
      </Button>
    </Box>
  );
}

/** After the door opened: the page for feedback and an offer. */
function AfterTourLink({ webflow, visitId }: { webflow: string; visitId: number }) {
  return (
    <Link component={RouterLink} to={`/tour/${webflow}/after/${visitId}`} sx={{ display: 'block', mt: 1 }}>
      Done touring? Tell us how it went
    </Link>
  );
}
