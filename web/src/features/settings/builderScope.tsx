// Which builder a settings page (company, content, disclosures, messaging, surveys) loads and
// saves. Program managers and staff act for their own builder and send no builder; enterprise
// users act for the builder they chose and send it (`builder_id` / `builderId`).
import type { ComponentType, ReactNode } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSession } from '../../api/session';
import type { Builder, SettingsView } from '../../api/types';
import {
  builderSelection,
  builderSelectorMode,
  useBuilderSelection,
  useFirstBuilderWhenNone,
} from '../../app/builderSelection';
import { LoadingScreen } from '../../app/LoadingScreen';
import { LoadError, loadErrorText } from '../../components/LoadError';
import { BuilderSelect } from '../../components/form';
import { useEnterpriseBuilders } from '../builders/api/useBuilders';
import { useBuilderSettings } from './api/settings';

export interface SettingsTarget {
  builderId: number;
  /** What to send as `builder_id` / `builderId`: the enterprise user's choice, else nothing. */
  choice: number | undefined;
  /** Rental builders see rental wording. */
  isRental: boolean;
}

export interface BuilderScope {
  /** Null until a builder is known. */
  target: SettingsTarget | null;
  /** The in-page Builder select (enterprise users, on pages where the top bar hides its selector). */
  picker: ReactNode;
  /** Why there is no builder to act for (shown instead of the page), or null while loading. */
  missing: string | null;
}

export const CHOOSE_IN_TOP_BAR = 'Choose a builder in the top bar to see its settings.';
export const CHOOSE_BUILDER = 'Choose a builder to see its settings.';
export const NO_OWN_BUILDER = 'Your account belongs to no builder.';
const NONE: Builder[] = [];

/**
 * Follows the top bar's page rules. Where it hides its selector (/settings) the page shows the
 * Builder select; there and where it offers no All Builders (content, disclosures, messaging) the
 * first builder is chosen when none is; elsewhere (surveys) the page waits for a choice. Page and
 * top bar share one selection, so the builder stays the same from page to page.
 */
export function useBuilderScope(): BuilderScope {
  const { user } = useSession();
  const { pathname } = useLocation();
  const mode = builderSelectorMode(pathname);
  const enterprise = !!user?.isEnterprise;
  const builders = useEnterpriseBuilders(enterprise);
  const list = builders.data ?? NONE;
  const selected = useBuilderSelection();
  const firstWhenNone = mode !== 'all';
  useFirstBuilderWhenNone(enterprise && firstWhenNone, list);

  if (!enterprise) {
    const own = user?.builderId ?? null;
    return {
      target: own === null ? null : { builderId: own, choice: undefined, isRental: !!user?.isRental },
      picker: null,
      missing: own === null ? NO_OWN_BUILDER : null,
    };
  }
  const picker =
    mode === 'hidden' ? (
      <Box sx={{ maxWidth: 360, mb: 2 }}>
        <BuilderSelect value={selected || null} onChange={(id) => id !== null && builderSelection.set(id)} />
      </Box>
    ) : null;
  const chosen = selected ? list.find((b) => b.builder_id === selected) : undefined;
  if (chosen) {
    return {
      target: { builderId: chosen.builder_id, choice: chosen.builder_id, isRental: chosen.is_rental },
      picker,
      missing: null,
    };
  }
  // Loading, or about to choose the first builder: wait; otherwise say what to do.
  const waiting = builders.isPending || (firstWhenNone && list.length > 0);
  return {
    target: null,
    picker,
    missing: waiting ? null : mode === 'hidden' ? CHOOSE_BUILDER : CHOOSE_IN_TOP_BAR,
  };
}

/** Something a page loads for its builder (settings, questions, time zone). */
export interface ScopeQuery {
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * A settings page while it cannot show its form: the title, the picker, and why (no builder
 * chosen, a load error with Retry, or loading).
 */
export function ScopeStatus({
  title,
  scope,
  query,
  what,
}: {
  title: string;
  scope: BuilderScope;
  query?: ScopeQuery;
  /** What failed to load, for `{What} could not be loaded: …`. */
  what: string;
}) {
  let body: ReactNode = <LoadingScreen />;
  if (scope.missing) body = <Alert severity="info">{scope.missing}</Alert>;
  else if (query?.isError)
    body = <LoadError onRetry={() => void query.refetch()}>{loadErrorText(what, query.error)}</LoadError>;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {scope.picker}
      {body}
    </Box>
  );
}

export interface SettingsFormProps {
  target: SettingsTarget;
  settings: SettingsView;
  /** The in-page Builder select, for the form to show (see `useBuilderScope`). */
  picker: ReactNode;
}

/**
 * A page over the chosen builder's settings: loads them and renders `form` once they are that
 * builder's (keyed by builder, so a new choice starts a fresh form); until then `ScopeStatus`.
 */
export function SettingsGate({ title, form: Form }: { title: string; form: ComponentType<SettingsFormProps> }) {
  const scope = useBuilderScope();
  const settings = useBuilderSettings(scope.target?.builderId ?? null);
  if (!scope.target || !settings.data || settings.data.builder_id !== scope.target.builderId)
    return <ScopeStatus title={title} scope={scope} query={settings} what="Settings" />;
  return <Form key={scope.target.builderId} target={scope.target} settings={settings.data} picker={scope.picker} />;
}
