// Which builder a property screen acts for, and whether it is in rental mode (spec 1 §1: rental
// mode comes from the user or from the builder chosen).
import type { BuilderDetail } from '../../api/types';
import { useSession } from '../../api/session';
import { useBuilderSelection } from '../../app/builderSelection';
import { useBuilderDetail } from '../builders/api/useBuilders';

export interface BuilderMode {
  /** Null when no single builder is known (an enterprise user with All Builders). */
  builderId: number | null;
  detail: BuilderDetail | undefined;
  isRental: boolean;
}

/** The switches of one builder, and rental mode for it. */
export function useBuilderMode(builderId: number | null | undefined): BuilderMode {
  const { user } = useSession();
  const detail = useBuilderDetail(builderId ?? null);
  return {
    builderId: builderId ?? null,
    detail: detail.data,
    isRental: !!user?.isRental || !!detail.data?.is_rental,
  };
}

/** The list's builder: the user's own, or the enterprise user's top-bar choice (none for All). */
export function useListBuilder(): BuilderMode {
  const { user } = useSession();
  const selected = useBuilderSelection();
  return useBuilderMode(user?.isEnterprise ? selected || null : (user?.builderId ?? null));
}
