import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../../api/client';
import type { WebhookInput, WebhookRow } from '../../../api/types';
import { useNotify } from '../../../app/notify';
import {
  BuilderSelectField,
  FormPage,
  FormTextField,
  RecordFormRoute,
  applyServerErrors,
  useFormBuilderChoice,
  useFormUnsaved,
} from '../../../components/form';
import { LIST_KEY } from '../../../components/list/useListQuery';
import { formatDateTime } from '../../../lib/format';
import { WEBHOOKS_AREA, createWebhook, generateSecret, updateWebhook, useWebhook } from '../api/webhooks';
import { CONTENT_TYPES, EVENT_TYPES, webhookSchema, type WebhookFormValues } from '../webhookSchema';
import { DeliveryLog } from './DeliveryLog';

/** /webhooks/add and /webhooks/{webhookId}: create versus edit by the presence of the id. */
export default function WebhookFormPage() {
  const { webhookId } = useParams();
  return (
    <RecordFormRoute id={webhookId} back="/webhooks" useRecord={useWebhook}>
      {(webhook, key) => <WebhookForm key={key} webhook={webhook} />}
    </RecordFormRoute>
  );
}

const FIELDS = ['payload_url', 'content_type', 'event_type', 'secret', 'builder_id'] as const;

/** What the secret field says: the saved secret's end, if any, and that it is shown only now. */
function secretHint(saved: string | undefined): string {
  const signs = 'Signs every delivery (Standard Webhooks); copy it now, it is not shown again.';
  if (!saved) return `${signs} Without one, deliveries are not signed.`;
  return `${signs} A secret is saved (${saved}): leave this empty to keep it.`;
}

function WebhookForm({ webhook }: { webhook: WebhookRow | null }) {
  const isEdit = webhook !== null;
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { chooseBuilder, initialBuilder } = useFormBuilderChoice(isEdit);
  const schema = useMemo(() => webhookSchema({ requireBuilder: chooseBuilder }), [chooseBuilder]);
  const [generating, setGenerating] = useState(false);

  const form = useForm<WebhookFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      payload_url: webhook?.payload_url ?? '',
      content_type: webhook?.content_type ?? 'json',
      event_type: webhook?.event_type ?? '',
      // A saved secret is never shown again: the field replaces it when filled.
      secret: '',
      builder_id: webhook?.builder_id ?? initialBuilder,
    },
  });
  const { control, handleSubmit, setValue, setError, formState } = form;
  useFormUnsaved(formState, 'the webhook');

  const generate = async () => {
    setGenerating(true);
    try {
      const { secret } = await generateSecret();
      setValue('secret', secret, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setGenerating(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const body: WebhookInput = {
      payload_url: values.payload_url.trim(),
      content_type: values.content_type,
      event_type: values.event_type,
    };
    if (values.secret.trim()) body.secret = values.secret.trim();
    if (chooseBuilder && values.builder_id) body.builder_id = values.builder_id;
    try {
      if (isEdit) {
        const res = await updateWebhook(webhook.id, body);
        notify.success(res?.message ?? 'Webhook updated');
        void queryClient.invalidateQueries({ queryKey: ['webhooks', 'detail', webhook.id] });
        navigate('/webhooks');
      } else {
        const res = await createWebhook(body);
        notify.success(res?.message ?? 'Webhook created');
        navigate(`/webhooks/${res.id}`);
      }
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY, WEBHOOKS_AREA] });
    } catch (e) {
      applyServerErrors(e, setError, [...FIELDS]);
      notify.error(errorMessage(e));
    }
  });

  return (
    <>
      <FormPage
        back="/webhooks"
        title={isEdit ? 'Edit Webhook' : 'Add Webhook'}
        onSubmit={onSubmit}
        maxWidth={760}
        intro={
          webhook?.disabled_on ? (
            <Alert severity="error" sx={{ mb: 2, maxWidth: 760 }}>
              Deliveries stopped on {formatDateTime(webhook.disabled_on)}: {webhook.disabled_reason}. Save the webhook
              to enable it again.
            </Alert>
          ) : undefined
        }
      >
        <Stack spacing={2}>
          {chooseBuilder && <BuilderSelectField control={control} name="builder_id" />}
          <FormTextField
            control={control}
            name="payload_url"
            label="Payload URL"
            required
            placeholder="https://example.com/tourdesk-events"
          />
          <FormTextField control={control} name="content_type" label="Content Type" required select>
            {CONTENT_TYPES.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.label}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="event_type" label="Event Type" required select>
            {EVENT_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </FormTextField>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <FormTextField
              control={control}
              name="secret"
              label="Secret"
              hint={secretHint(webhook?.secret)}
              autoComplete="off"
            />
            <Button variant="outlined" onClick={() => void generate()} disabled={generating} sx={{ mt: 1 }}>
              Generate
            </Button>
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              {isEdit ? 'Update' : 'Submit'}
            </Button>
          </Box>
        </Stack>
      </FormPage>
      {isEdit && <DeliveryLog webhookId={webhook.id} />}
    </>
  );
}
