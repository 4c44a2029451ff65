import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '../../../api/client';
import type { TourVisitState, VisitorToken } from '../../../api/types';
import NotFound from '../../../components/NotFound';
import { todayInput } from '../../../lib/format';
import { afterTourSession, answerSurvey, makeOffer, useTourHome, useTourSurvey, useTourVisit } from '../api/tour';
import { saveVisitorSession, useVisitorSession } from '../visitorSession';
import { useTourSubmit } from '../useTourSubmit';
import { homeTitle } from './TourHomePage';
import { TourLayout, TourPageState } from './TourLayout';
import { SurveyQuestions, answerList, askedQuestions, missingAnswers } from './SurveyQuestions';

/**
 * /tour/{webflow}/after/{visit}: after the tour, the visitor tells how it went (stars, what they
 * loved, comments and the builder's post-tour questions) and may say they are ready to buy or
 * rent. The After Tour text's link carries a key that signs them in; it leaves the address once
 * used.
 */
export default function TourAfterPage() {
  const { webflow = '', visit } = useParams();
  const visitId = Number(visit);
  if (!Number.isInteger(visitId) || visitId <= 0) return <NotFound />;
  return <AfterTour webflow={webflow} visitId={visitId} />;
}

function AfterTour({ webflow, visitId }: { webflow: string; visitId: number }) {
  const [params, setParams] = useSearchParams();
  const key = params.get('key');
  const { session } = useVisitorSession(webflow);
  const [linkFailure, setLinkFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!key) return;
    let stale = false;
    afterTourSession(webflow, visitId, key)
      .then((token) => {
        if (!stale) saveVisitorSession(webflow, token);
      })
      .catch((e: unknown) => {
        if (stale) return;
        setLinkFailure(
          e instanceof ApiError && e.status === 404
            ? 'This link does not work any more. Open the home’s page to verify again.'
            : errorMessage(e),
        );
      })
      .finally(() => {
        if (!stale) setParams({}, { replace: true });
      });
    return () => {
      stale = true;
    };
  }, [key, webflow, visitId, setParams]);

  if (key) {
    return (
      <TourLayout branding={undefined}>
        <LinearProgress aria-label="Signing you in" />
      </TourLayout>
    );
  }
  if (!session) {
    return (
      <TourLayout branding={undefined}>
        <Alert severity="info">{linkFailure ?? 'Open this page from the link we texted you after your tour.'}</Alert>
      </TourLayout>
    );
  }
  return <VisitPage webflow={webflow} visitId={visitId} session={session} />;
}

function VisitPage({ webflow, visitId, session }: { webflow: string; visitId: number; session: VisitorToken }) {
  const visit = useTourVisit(webflow, visitId, session.token);
  const home = useTourHome(webflow, visit.data?.property_id ?? 0);
  const ready = visit.data && home.data;
  return (
    <TourLayout branding={home.data?.branding}>
      {!ready ? (
        visit.isError || home.isError ? (
          <TourPageState
            isPending={false}
            error={visit.error ?? home.error}
            what="tour"
            onRetry={() => void (visit.isError ? visit.refetch() : home.refetch())}
          />
        ) : (
          <LinearProgress aria-label="Loading your tour" />
        )
      ) : (
        <Stack spacing={2}>
          <Typography variant="h1">Your tour of {homeTitle(home.data)}</Typography>
          {!visit.data.accessed ? (
            <Alert severity="info">
              Once you have opened the door with your code, tell us here how your tour went.{' '}
              <Link component={RouterLink} to={`/tour/${webflow}/property/${visit.data.property_id}`}>
                Back to the home
              </Link>
            </Alert>
          ) : (
            <>
              <Feedback webflow={webflow} visit={visit.data} session={session} />
              <Offer webflow={webflow} visit={visit.data} session={session} rental={home.data.branding.is_rental} />
            </>
          )}
        </Stack>
      )}
    </TourLayout>
  );
}

interface VisitPanel {
  webflow: string;
  visit: TourVisitState;
  session: VisitorToken;
}

function useVisitRefresh(webflow: string, visitId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['tour', webflow, 'visit', visitId] });
}

/** Stars, what they loved, comments and the builder's post-tour questions, sent once. */
function Feedback({ webflow, visit, session }: VisitPanel) {
  const questions = useTourSurvey(webflow, 'post');
  const refresh = useVisitRefresh(webflow, visit.visit_id);
  const [rating, setRating] = useState<number | null>(null);
  const [loved, setLoved] = useState('');
  const [comments, setComments] = useState('');
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const { errors, failure, busy, submit } = useTourSubmit(refresh);

  if (visit.feedback_sent) {
    return <Alert severity="success">Thank you for telling us about your tour.</Alert>;
  }
  if (questions.isPending) return <LinearProgress aria-label="Loading the questions" />;
  if (questions.isError) return <Alert severity="error">{errorMessage(questions.error)}</Alert>;
  const list = askedQuestions(questions.data);

  const send = () =>
    submit(missingAnswers(list, answers), () =>
      answerSurvey(webflow, 'post', session.token, {
        visit_id: visit.visit_id,
        rating,
        loved,
        comments,
        answers: answerList(list, answers),
      }),
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby="feedback-title" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="feedback-title" variant="h3" component="h2">
          How was your tour?
        </Typography>
        <FormControl error={!!errors.rating}>
          <FormLabel id="tour-rating">Your rating</FormLabel>
          <Rating
            aria-labelledby="tour-rating"
            name="rating"
            size="large"
            value={rating}
            onChange={(_, value) => setRating(value)}
          />
          {errors.rating && <FormHelperText>{errors.rating}</FormHelperText>}
        </FormControl>
        <TextField
          label="What did you love?"
          value={loved}
          onChange={(e) => setLoved(e.target.value)}
          error={!!errors.loved}
          helperText={errors.loved ?? 'A line for each thing'}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 250 } }}
        />
        <CommentsField value={comments} onChange={setComments} error={errors.comments} />
        <SurveyQuestions
          questions={list}
          answers={answers}
          errors={errors}
          onChange={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))}
        />
        {(failure || errors.visit_id) && <Alert severity="error">{failure ?? errors.visit_id}</Alert>}
        <Button variant="contained" size="large" disabled={busy} onClick={() => void send()}>
          Send feedback
        </Button>
      </Stack>
    </Paper>
  );
}

/** Ready to Buy (Ready to Rent for a rental builder): the offer form, sent once per tour. */
function Offer({ webflow, visit, session, rental }: VisitPanel & { rental: boolean }) {
  const refresh = useVisitRefresh(webflow, visit.visit_id);
  const [floorPlan, setFloorPlan] = useState('');
  const [prequalified, setPrequalified] = useState(false);
  const [moveIn, setMoveIn] = useState('');
  const [comments, setComments] = useState('');
  const [contact, setContact] = useState('');
  const { errors, failure, busy, submit } = useTourSubmit(refresh);
  const title = rental ? 'Ready to Rent' : 'Ready to Buy';

  if (visit.offer_sent) {
    return <Alert severity="success">Thank you! Our team will contact you soon.</Alert>;
  }

  const send = () => {
    const missing: Record<string, string> = {};
    if (!moveIn) missing.move_in = 'Choose a move-in date';
    if (!contact) missing.preferred_contact = 'Choose email or phone';
    return submit(missing, () =>
      makeOffer(webflow, visit.visit_id, session.token, {
        floor_plan: floorPlan,
        prequalified,
        move_in: moveIn,
        comments,
        preferred_contact: contact,
      }),
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="offer-title" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id="offer-title" variant="h3" component="h2">
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Loved it? Tell us and the team will reach out about this home.
        </Typography>
        <TextField
          label="Floor plan"
          value={floorPlan}
          onChange={(e) => setFloorPlan(e.target.value)}
          error={!!errors.floor_plan}
          helperText={errors.floor_plan}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <FormControlLabel
          control={<Checkbox checked={prequalified} onChange={(e) => setPrequalified(e.target.checked)} />}
          label={rental ? 'I am prequalified to rent' : 'I am prequalified for a loan'}
        />
        <TextField
          label="Move-in date"
          type="date"
          value={moveIn}
          onChange={(e) => setMoveIn(e.target.value)}
          error={!!errors.move_in}
          helperText={errors.move_in}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInput() } }}
        />
        <CommentsField value={comments} onChange={setComments} error={errors.comments} />
        <FormControl error={!!errors.preferred_contact}>
          <FormLabel id="preferred-contact">How should we reach you?</FormLabel>
          <RadioGroup
            row
            aria-labelledby="preferred-contact"
            value={contact}
            onChange={(e) => setContact(e.target.value)}
          >
            <FormControlLabel value="email" control={<Radio />} label="Email" />
            <FormControlLabel value="phone" control={<Radio />} label="Phone" />
          </RadioGroup>
          {errors.preferred_contact && <FormHelperText>{errors.preferred_contact}</FormHelperText>}
        </FormControl>
        {(failure || errors.visit_id) && <Alert severity="error">{failure ?? errors.visit_id}</Alert>}
        <Button variant="contained" size="large" disabled={busy} onClick={() => void send()}>
          Send
        </Button>
      </Stack>
    </Paper>
  );
}

/** The visitor's comments (at most 1000 characters, as the server allows). */
function CommentsField({ value, onChange, error }: { value: string; onChange(v: string): void; error?: string }) {
  return (
    <TextField
      label="Comments"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: 1000 } }}
    />
  );
}
