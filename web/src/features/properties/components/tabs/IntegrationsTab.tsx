import { useState } from 'react';
import { SaveRow, useDraft } from '../../../../components/form';
import { useQueryClient } from '@tanstack/react-query';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PropertyDetail, PropertyIntegration } from '../../../../api/types';
import { useNotify } from '../../../../app/notify';
import { serverErrorText } from '../../../../components/form';
import { LIST_KEY } from '../../../../components/list/useListQuery';
import { PROPERTIES_AREA, saveIntegration } from '../../api/properties';
import { projectIdError, projectIdValue, visibleIntegrations } from '../../propertySchema';

/** Enterprise accounts: each integration's project id (digits) and whether it is active. */
export function IntegrationsTab({ detail }: { detail: PropertyDetail }) {
  const integrations = visibleIntegrations(detail.integrations);
  if (integrations.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>No integrations for this property.</Typography>;
  }
  return (
    <Stack spacing={2}>
      {integrations.map((i) => (
        <IntegrationCard key={i.name} propertyId={detail.property_id} integration={i} />
      ))}
    </Stack>
  );
}

function IntegrationCard({ propertyId, integration }: { propertyId: number; integration: PropertyIntegration }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const draft = useDraft(
    { projectId: integration.project_id == null ? '' : String(integration.project_id), active: integration.isActive },
    `the ${integration.name} integration`,
  );
  const { projectId, active } = draft.value;
  const setProjectId = (next: string) => draft.setValue({ projectId: next, active });
  const setActive = (next: boolean) => draft.setValue({ projectId, active: next });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = projectIdError(projectId);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const res = await saveIntegration(propertyId, {
        lasso_project_id: projectIdValue(projectId),
        integration_active: active,
      });
      notify.success(res.message);
      draft.saved({ projectId, active });
      await queryClient.invalidateQueries({ queryKey: [LIST_KEY, PROPERTIES_AREA] });
    } catch (e) {
      setError(serverErrorText(e));
      notify.error(serverErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label={integration.name} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {integration.name}
        </Typography>
        <TextField
          label={`${integration.name} Project ID`}
          value={projectId}
          onChange={(e) => {
            setProjectId(e.target.value);
            if (error) setError(projectIdError(e.target.value));
          }}
          error={error !== null}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          disabled={busy}
          fullWidth
        />
        <FormControlLabel
          label="Active"
          disabled={busy}
          control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
        />
        <SaveRow unsaved={draft.unsaved} busy={busy} onSave={() => void submit()} />
      </Stack>
    </Paper>
  );
}
