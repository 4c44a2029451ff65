import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/client';
import { bookTour, cancelTour, useBookedTours, useTourSlots } from '../api/tour';
import { useTourTexts } from '../tourTexts';
import type { VisitorAtHome } from '../visitorSession';
import { todayInput } from '../../../lib/format';

/**
 * Book a time: a day, then one of the times it offers (an hour's tour inside the tour hours);
 * the visitor's booked tours with Cancel.
 */
export function ScheduleTour({ webflow, propertyId, session }: VisitorAtHome) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const slots = useTourSlots(webflow, propertyId, date);
  const booked = useBookedTours(webflow, propertyId, session.token);
  const times = slots.data?.times ?? [];
  const texts = useTourTexts();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['tour', webflow, 'scheduled', propertyId] });

  const book = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const tour = await bookTour(webflow, propertyId, session.token, { date, time });
      setNotice({ severity: 'success', text: `Booked for ${tour.when}. We'll text your door code before it starts.` });
      setTime('');
      refresh();
    } catch (e) {
      setNotice({ severity: 'error', text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (id: number) => {
    setBusy(true);
    try {
      setNotice({ severity: 'success', text: (await cancelTour(webflow, id, session.token)).message });
      refresh();
    } catch (e) {
      setNotice({ severity: 'error', text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Typography variant="h3" component="h2">
        {texts.schedule_tour_title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5, mb: 1.5 }}>{texts.schedule_tour_description}</Typography>
      <Stack spacing={2}>
        <TextField
          label="Day"
          type="date"
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setTime('');
          }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayInput() } }}
        />
        {date && !slots.isPending && times.length === 0 && !slots.isError && (
          <Typography sx={{ color: 'text.secondary' }}>No times are open that day.</Typography>
        )}
        {slots.isError && <Alert severity="error">{errorMessage(slots.error)}</Alert>}
        {times.length > 0 && (
          <TextField
            select
            label={`Time${slots.data?.timezone_abbr ? ` (${slots.data.timezone_abbr})` : ''}`}
            value={time}
            onChange={(e) => setTime(e.target.value)}
          >
            {times.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button variant="outlined" size="large" disabled={!date || !time || busy} onClick={() => void book()}>
          {texts.schedule_tour_button}
        </Button>
        {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
      </Stack>
      {(booked.data?.length ?? 0) > 0 && (
        <List aria-label="Your booked tours">
          {booked.data!.map((tour) => (
            <ListItem
              key={tour.id}
              disableGutters
              secondaryAction={
                <Button color="error" disabled={busy} onClick={() => void cancel(tour.id)}>
                  Cancel
                </Button>
              }
            >
              <ListItemText primary={tour.when} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
