import type { OutboxRow } from '../../../api/types';
import { useListQuery } from '../../../components/list/useListQuery';
import type { ListController } from '../../../components/list/useListParams';

/** The API's area and the screen's path: every mail and text the server sent (admins). */
export const OUTBOX_AREA = 'outbox';

export function useOutboxList(list: ListController) {
  return useListQuery<OutboxRow>(list);
}
