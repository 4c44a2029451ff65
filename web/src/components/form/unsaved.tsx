// Unsaved edits: each editor says while it holds edits not yet saved, and leaving the page (or
// the tab an editor lives on) asks first, as does closing or reloading the browser tab.
import { useEffect, useState } from 'react';
import { useBlocker, useLocation, type Location } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

/** Where an editor's edits live: the whole page, or one tab of it (lost on switching tabs). */
export type EditorScope = 'page' | 'tab';

interface Editor {
  what: string;
  scope: EditorScope;
}

// The editors holding edits now; read when a navigation is asked for, so it is always current.
const editors = new Map<symbol, Editor>();

/** Says, while `unsaved`, that the editor `what` holds edits a navigation would lose. */
export function useUnsavedChanges(unsaved: boolean, what: string, scope: EditorScope = 'page') {
  useEffect(() => {
    if (!unsaved) return;
    const id = Symbol(what);
    editors.set(id, { what, scope });
    return () => {
      editors.delete(id);
    };
  }, [unsaved, what, scope]);
}

/** The editors a move from `from` to `to` would lose. */
function lostBy(from: Location, to: Location): Editor[] {
  const tab = (l: Location) => new URLSearchParams(l.search).get('tab');
  const leavesPage = from.pathname !== to.pathname;
  const leavesTab = tab(from) !== tab(to);
  return [...editors.values()].filter((e) => leavesPage || (leavesTab && e.scope === 'tab'));
}

/** Once in the app, inside the router: the question asked before unsaved edits are lost. */
export function LeaveGuard() {
  const current = useLocation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => lostBy(currentLocation, nextLocation).length > 0);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (editors.size === 0) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  if (blocker.state !== 'blocked') return null;
  const names = [...new Set(lostBy(current, blocker.location).map((e) => e.what))];
  return (
    <Dialog open onClose={() => blocker.reset()} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {names.length > 0 ? `Your changes to ${names.join(', ')} are not saved.` : 'Your changes are not saved.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset()} autoFocus>
          Stay
        </Button>
        <Button color="error" onClick={() => blocker.proceed()}>
          Discard changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * An editor's own Save, with 'Unsaved changes' beside it while the editor holds edits not saved
 * yet; without `onSave` it submits its form.
 */
export function SaveRow({ unsaved, busy, onSave }: { unsaved: boolean; busy: boolean; onSave?(): void }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button type={onSave ? 'button' : 'submit'} variant="contained" onClick={onSave} disabled={busy}>
        Save
      </Button>
      {unsaved && (
        <Typography variant="body2" sx={{ color: 'warning.dark', fontWeight: 600 }}>
          Unsaved changes
        </Typography>
      )}
    </Stack>
  );
}

/** `useUnsavedChanges` for a react-hook-form form: its edits count until a save begins. */
export function useFormUnsaved(
  formState: { isDirty: boolean; isSubmitting: boolean },
  what: string,
  scope: EditorScope = 'page',
): boolean {
  const unsaved = formState.isDirty && !formState.isSubmitting;
  useUnsavedChanges(unsaved, what, scope);
  return unsaved;
}

/**
 * An editor's value kept until its own Save: `unsaved` while it differs from what was saved last;
 * `saved(value)` once a save of `value` went through.
 */
export function useDraft<T>(initial: T, what: string, scope: EditorScope = 'tab') {
  const [value, setValue] = useState<T>(initial);
  const [last, setLast] = useState<T>(initial);
  const unsaved = JSON.stringify(value) !== JSON.stringify(last);
  useUnsavedChanges(unsaved, what, scope);
  return { value, setValue, unsaved, saved: setLast };
}
