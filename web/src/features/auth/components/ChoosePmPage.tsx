import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/client';
import type { Builder, PmRow } from '../../../api/types';
import { SEARCH_DEBOUNCE_MS } from '../../../app/config';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useBuilderPms, useBuilderSearch } from '../../builders/api/useBuilders';
import { adminAsPm } from '../api/auth';
import { useCompleteSignIn, useLogout } from '../api/session';
import { AuthCard } from './AuthCard';

export const pmName = (pm: PmRow) => `${pm.firstname} ${pm.lastname}`.trim() || pm.username;

/**
 * /choose_PM: the platform admin picks a builder, then one of its PMs, and signs in as that PM.
 * The builder picker searches the server as the admin types (400 ms), so every builder can be
 * found however many there are.
 */
export default function ChoosePmPage() {
  const [builderInput, setBuilderInput] = useState('');
  const [builderSearch, setBuilderSearch] = useState('');
  const builders = useBuilderSearch(useDebouncedValue(builderSearch, SEARCH_DEBOUNCE_MS));
  const [builder, setBuilder] = useState<Builder | null>(null);
  const pms = useBuilderPms(builder?.builder_id ?? null);
  const [pmUsername, setPmUsername] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  const logout = useLogout();
  const found = builders.data?.data ?? [];
  // The chosen builder stays an option while another search is shown.
  const builderList = builder && !found.some((b) => b.builder_id === builder.builder_id) ? [builder, ...found] : found;
  const moreBuilders = (builders.data?.total ?? 0) > found.length;
  const pmList = pms.data ?? [];
  const pm = pmList.find((p) => p.username === pmUsername) ?? null;

  const signInAs = async () => {
    if (!pm) return;
    setBusy(true);
    setError(null);
    try {
      await completeSignIn(await adminAsPm(pm.username), { to: '/' });
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Choose a program manager" subtitle="Pick a builder, then the program manager to act as.">
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        {builders.isError && <Alert severity="error">{errorMessage(builders.error)}</Alert>}
        {builders.isSuccess && builderSearch === '' && found.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No builders were found</Typography>
        ) : (
          <Autocomplete
            options={builderList}
            // The server filters; the options are its answer as they are.
            filterOptions={(options) => options}
            loading={builders.isFetching}
            noOptionsText="No builders were found"
            value={builder}
            inputValue={builderInput}
            onInputChange={(_, text, reason) => {
              setBuilderInput(text);
              // Picking a builder writes its name into the box: that is not a new search.
              if (reason === 'input' || reason === 'clear') setBuilderSearch(reason === 'clear' ? '' : text);
            }}
            onChange={(_, b) => {
              setBuilder(b);
              setPmUsername('');
            }}
            getOptionLabel={(b) => b.name}
            isOptionEqualToValue={(a, b) => a.builder_id === b.builder_id}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Builder"
                helperText={moreBuilders ? 'Type to search all builders' : undefined}
              />
            )}
          />
        )}
        {builder &&
          (pms.isSuccess && pmList.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No PMs were found</Typography>
          ) : (
            <TextField
              select
              label="Program manager"
              value={pmUsername}
              onChange={(e) => setPmUsername(e.target.value)}
              disabled={pms.isPending}
              helperText={pms.isError ? errorMessage(pms.error) : undefined}
              error={pms.isError}
            >
              {pmList.map((p) => (
                <MenuItem key={p.username} value={p.username}>
                  {pmName(p)} ({p.username})
                </MenuItem>
              ))}
            </TextField>
          ))}
        <Button variant="contained" disabled={!pm || busy} onClick={signInAs}>
          {pm ? `Sign in as ${pmName(pm)}` : 'Sign in'}
        </Button>
        <Button onClick={logout}>Log out</Button>
      </Stack>
    </AuthCard>
  );
}
