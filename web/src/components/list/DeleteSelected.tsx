import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useNotify } from '../../app/notify';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { serverErrorText } from '../form/serverErrors';
import { LIST_KEY } from './useListQuery';
import type { ListController, RowKey } from './useListParams';

/** What a list screen passes to `ListPage` to offer deleting its selected rows. */
export interface DeleteSelectedOptions {
  /** Deletes the rows with these keys; the answer's `message` is shown (else `Successfully deleted`). */
  run(keys: RowKey[]): Promise<{ message?: string | null } | null | undefined | void>;
  /** The toolbar button (default `Delete`). */
  label?: string;
  /** The confirmation dialog's title (default `Are you sure you want to delete?`). */
  confirmText?: string;
  /** The dialog's confirm button (default `Remove`). */
  confirmLabel?: string;
  /** The dialog's cancel button (default `Cancel`). */
  cancelLabel?: string;
}

/**
 * Delete button of the list toolbar (disabled while nothing is selected) and its confirmation
 * dialog: on confirm deletes the selection, shows the server's message, clears the selection and
 * refetches the area's list; a failure shows its message and keeps the dialog open.
 */
export function DeleteSelected<F extends string>({
  list,
  options,
}: {
  list: ListController<F>;
  options: DeleteSelectedOptions;
}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const {
    run,
    label = 'Delete',
    confirmText = 'Are you sure you want to delete?',
    confirmLabel = 'Remove',
    cancelLabel = 'Cancel',
  } = options;

  const remove = async () => {
    setDeleting(true);
    try {
      const res = await run(list.selected);
      notify.success(res?.message ?? 'Successfully deleted');
      list.setSelected([]);
      setConfirmOpen(false);
      await queryClient.invalidateQueries({ queryKey: [LIST_KEY, list.area] });
    } catch (e) {
      // A refusal may come as a field error (communities that still have homes).
      notify.error(serverErrorText(e));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={list.selected.length === 0}
        onClick={() => setConfirmOpen(true)}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        title={confirmText}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        busy={deleting}
        onConfirm={remove}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
