import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PropertyDetail } from '../../api/types';
import { useNotify } from '../../app/notify';
import { serverErrorText, useDraft } from '../../components/form';
import { LIST_KEY } from '../../components/list/useListQuery';
import { PROPERTIES_AREA, saveProperty } from './api/properties';
import { detailToObject, type PropertyObject } from './propertySchema';

/**
 * Saves a part of the property (a tab's): the whole object as stored with the part changed, as
 * POST /api/properties/{id} takes it. Shows the answer, reloads the property and the list;
 * answers whether it was saved.
 */
export function usePropertySave(detail: PropertyDetail) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async (part: Partial<PropertyObject>): Promise<boolean> => {
    try {
      const res = await saveProperty(detail.property_id, { ...detailToObject(detail), ...part });
      notify.success(res.message);
      await queryClient.invalidateQueries({ queryKey: [LIST_KEY, PROPERTIES_AREA] });
      return true;
    } catch (e) {
      notify.error(serverErrorText(e));
      return false;
    }
  };
}

/**
 * A tab of the property with its own edits and Save: the draft (see `useDraft`), whether a save
 * is running, and `submit`, which shows `problem` when there is one, else saves the tab's part
 * and, once saved, counts the draft as saved.
 */
export function usePropertyTab<T>(detail: PropertyDetail, initial: T, what: string) {
  const notify = useNotify();
  const save = usePropertySave(detail);
  const draft = useDraft<T>(initial, what);
  const [busy, setBusy] = useState(false);
  const submit = async (problem: string | null, part: Partial<PropertyObject>) => {
    if (problem) {
      notify.error(problem);
      return;
    }
    const saving = draft.value;
    setBusy(true);
    if (await save(part)) draft.saved(saving);
    setBusy(false);
  };
  return { draft, busy, submit };
}
