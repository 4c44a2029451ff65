// The enterprise top-bar builder selection (0 = All Builders, null = none chosen yet).
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { createStore, useStore } from '../lib/store';
import { useSession } from '../api/session';
import type { Builder } from '../api/types';

// The top bar's page rules (spec 1 section 2), also followed by the settings pages.
/** Pages where the selector is hidden (settings, reports, integrations, training). */
const HIDDEN = [
  '/settings',
  '/reports',
  '/reportPropertyTours',
  '/reportVisit',
  '/reportMarket',
  '/integrations',
  '/training',
  '/sales-training',
];
/** Pages where All Builders is not offered and the first builder is chosen automatically. */
const NO_ALL = ['/content-settings', '/disclosures', '/messaging'];

const under = (pathname: string, paths: string[]) => paths.some((p) => pathname === p || pathname.startsWith(`${p}/`));

export function builderSelectorMode(pathname: string): 'hidden' | 'single' | 'all' {
  if (under(pathname, HIDDEN)) return 'hidden';
  if (under(pathname, NO_ALL)) return 'single';
  return 'all';
}

export const builderSelection = createStore<number | null>(null);

/** The URL's key for the enterprise user's builder choice, kept beside each page's own state. */
export const BUILDER_PARAM = 'builderId';

/**
 * Keeps the enterprise user's builder choice in the URL, like every list state (issue 22 §4): the
 * URL's choice wins on arrival, reload and back or forward; a choice made in the top bar goes
 * into the page's URL. Pages without the selector leave their URL alone.
 */
export function useBuilderInUrl(): void {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const selected = useStore(builderSelection);
  const enterprise = !!user?.isEnterprise;
  const shown = builderSelectorMode(pathname) !== 'hidden';
  const inUrl = params.get(BUILDER_PARAM);

  useEffect(() => {
    if (!enterprise || inUrl === null) return;
    const id = Number(inUrl);
    if (Number.isInteger(id) && id >= 0 && id !== builderSelection.get()) builderSelection.set(id);
  }, [enterprise, inUrl]);

  useEffect(() => {
    if (!enterprise || !shown || selected === null || inUrl === String(selected)) return;
    const next = new URLSearchParams(params);
    next.set(BUILDER_PARAM, String(selected));
    setParams(next, { replace: true });
  }, [enterprise, shown, selected, inUrl, params, setParams]);
}

export function useBuilderSelection(): number | null {
  return useStore(builderSelection);
}

/** The `builderId` to send on list calls: the enterprise selection, else nothing. */
export function useBuilderIdParam(): number | undefined {
  const { user } = useSession();
  const selected = useStore(builderSelection);
  if (!user?.isEnterprise || selected === null) return undefined;
  return selected;
}

/**
 * Pages that act on one builder (content, disclosures, messaging, company settings): while
 * `active`, when no single builder is chosen (none or All Builders), the first builder is chosen.
 */
export function useFirstBuilderWhenNone(active: boolean, builders: readonly Builder[]): void {
  const selected = useStore(builderSelection);
  useEffect(() => {
    if (active && builders.length > 0 && !selected) builderSelection.set(builders[0].builder_id);
  }, [active, builders, selected]);
}
