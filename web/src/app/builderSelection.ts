// The enterprise top-bar builder selection (0 = All Builders, null = none chosen yet).
import { createStore, useStore } from '../lib/store';
import { useSession } from '../api/session';

export const builderSelection = createStore<number | null>(null);

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
