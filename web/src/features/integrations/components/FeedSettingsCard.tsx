import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import SyncIcon from '@mui/icons-material/Sync';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { errorMessage } from '../../../api/client';
import type { FeedSettingsView, SyncFeedAnswer, SyncReport } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import { FormTextField, PasswordField, applyServerErrors, useFormUnsaved } from '../../../components/form';
import { formatDateTime } from '../../../lib/format';
import { integrationsKey, saveFeedSettings, syncFeed, uploadFeed } from '../api/integrations';
import {
  FEED_SOURCES,
  OPTIONAL_FEED_FIELDS,
  REQUIRED_FEED_FIELDS,
  SUPPORTED_SOURCES,
  feedFormValues,
  feedSchema,
  feedSettingsInput,
  type FeedFormValues,
} from '../feedSchema';

const FIELDS = ['feed_source', 'feed_url', 'feed_username', 'feed_password', 'company_code', 'feed_fields'] as const;

type Busy = 'save' | 'sync' | 'upload' | null;

/**
 * The listing feed (integration 13): where the builder's homes are read from, which fields a sync
 * writes, Save, Sync now (from the address) and Upload (a feed's file); a sync's answer is shown as
 * its success message, with the homes it left out and why.
 */
export function FeedSettingsCard({ builderId, saved }: { builderId: number; saved: FeedSettingsView }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [answer, setAnswer] = useState<SyncReport | null>(saved.last_sync ?? null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<FeedFormValues>({ resolver: zodResolver(feedSchema), defaultValues: feedFormValues(saved) });
  useFormUnsaved(form.formState, 'the feed settings');
  const { control, handleSubmit, setError, watch } = form;
  const source = watch('feed_source');

  const refresh = () => queryClient.invalidateQueries({ queryKey: [...integrationsKey, 'feed', builderId] });

  const run = (kind: Exclude<Busy, null>, action: (values: FeedFormValues) => Promise<void>) =>
    handleSubmit(async (values) => {
      setBusy(kind);
      try {
        await action(values);
      } catch (e) {
        applyServerErrors(e, setError, [...FIELDS]);
        notify.error(errorMessage(e));
      } finally {
        setBusy(null);
      }
    });

  const synced = async (res: SyncFeedAnswer) => {
    setAnswer(res);
    notify.success(res.message);
    await refresh();
  };

  const save = run('save', async (values) => {
    await saveFeedSettings(feedSettingsInput(values, builderId));
    form.reset({ ...values, feed_password: '' });
    notify.success('Feed settings saved');
    await refresh();
  });

  const syncNow = run('sync', async (values) => {
    await synced(await syncFeed({ builder: builderId, feedSettings: feedSettingsInput(values, builderId) }));
  });

  const upload = (file: File) =>
    run('upload', async (values) => {
      await synced(await uploadFeed(builderId, feedSettingsInput(values, builderId), file));
    })();

  const unsupported = !SUPPORTED_SOURCES.includes(source);
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={save} aria-label="Feed settings">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Import your homes from a listing feed. Homes are matched by their External Identifier; a sync writes only the
        fields checked below and runs every night while Nightly listing sync is on.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <FormTextField control={control} name="feed_source" label="Feed Source" required select>
          {FEED_SOURCES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="feed_url"
          label="Feed URL"
          placeholder="https://feeds.example.com/bdx.xml"
          hint="Leave empty to upload the feed's file instead"
        />
        <FormTextField control={control} name="feed_username" label="Feed Username" autoComplete="off" />
        <PasswordField
          control={control}
          name="feed_password"
          label="Feed Password"
          autoComplete="new-password"
          hint={saved.feed_password_saved ? 'A password is saved: leave this empty to keep it' : undefined}
        />
        <FormTextField
          control={control}
          name="company_code"
          label="Company Code"
          hint="The BDX builder or corporation number whose homes are yours; empty for all"
        />
        <Controller
          control={control}
          name="add_communities_active"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label="Add communities the feed names that do not exist yet"
            />
          )}
        />
      </Box>
      <Controller
        control={control}
        name="feed_fields"
        render={({ field }) => (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">Feed Fields</FormLabel>
            <FormGroup row>
              {REQUIRED_FEED_FIELDS.map((name) => (
                <FormControlLabel key={name} control={<Checkbox checked disabled />} label={name} />
              ))}
              {OPTIONAL_FEED_FIELDS.map((name) => (
                <FormControlLabel
                  key={name}
                  label={name}
                  control={
                    <Checkbox
                      checked={field.value.includes(name)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked ? [...field.value, name] : field.value.filter((f: string) => f !== name),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        )}
      />
      {unsupported && (
        <Alert severity="info">
          {source} feeds are saved but cannot be imported yet; the supported sources are{' '}
          {SUPPORTED_SOURCES.join(' and ')}.
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save'}
        </Button>
        <Button
          variant="outlined"
          startIcon={busy === 'sync' ? <CircularProgress size={16} /> : <SyncIcon />}
          disabled={busy !== null || unsupported}
          onClick={() => void syncNow()}
        >
          Sync now
        </Button>
        <Button
          variant="outlined"
          startIcon={busy === 'upload' ? <CircularProgress size={16} /> : <UploadFileIcon />}
          disabled={busy !== null || unsupported}
          onClick={() => fileInput.current?.click()}
        >
          Upload feed file
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".xml,.csv,.json,text/xml,application/xml,text/csv,application/json"
          aria-label="Feed file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Stack>
      {saved.last_sync_error && (
        <Alert severity="warning">
          The last sync{saved.last_sync_on ? ` (${formatDateTime(saved.last_sync_on)})` : ''} did not run:{' '}
          {saved.last_sync_error}
        </Alert>
      )}
      {answer && <SyncAnswer answer={answer} at={answer === saved.last_sync ? saved.last_sync_on : null} />}
    </Stack>
  );
}

/** A sync's counts and the homes it left out. */
function SyncAnswer({ answer, at }: { answer: SyncReport; at?: string | null }) {
  return (
    <Stack spacing={1} aria-label="Last sync">
      <Typography variant="subtitle2">
        {at ? `Last sync, ${formatDateTime(at)}: ` : ''}
        {answer.data}
        {answer.communitiesCreated > 0 ? ` (${answer.communitiesCreated} communities added)` : ''}
      </Typography>
      {answer.rejections.length > 0 && (
        <Table size="small" aria-label="Rejected homes">
          <TableHead>
            <TableRow>
              <TableCell>Line</TableCell>
              <TableCell>External Identifier</TableCell>
              <TableCell>Reason</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.rejections.map((r, i) => (
              <TableRow key={`${r.line}-${i}`}>
                <TableCell>{r.line}</TableCell>
                <TableCell>{r.externalIdentifier ?? '—'}</TableCell>
                <TableCell>{r.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
