import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import { insertVariable, matchingVariables, mentionQuery, typedAt } from '../messaging';
import type { HomeWords } from '../wording';

export const SUGGESTIONS_MAX_HEIGHT = 400;

export interface VariableTextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  words: HomeWords;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * A multiline message field where typing `@` opens the list of variables (narrowed by what is
 * typed after it; arrows, Enter or Tab, Escape); a pick replaces the `@` with `{{name}}`.
 */
export function VariableTextField({
  label,
  value,
  onChange,
  words,
  disabled,
  error,
  helperText,
}: VariableTextFieldProps) {
  const [mention, setMention] = useState<{ at: number; caret: number } | null>(null);
  const [highlight, setHighlight] = useState(0);
  const anchor = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const caretAfterPick = useRef<number | null>(null);
  const listId = useId();

  useLayoutEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null || !input.current) return;
    caretAfterPick.current = null;
    input.current.focus();
    input.current.setSelectionRange(caret, caret);
  });

  const query = mention && !disabled ? mentionQuery(value, mention.at, mention.caret) : null;
  const options = query === null ? [] : matchingVariables(query);
  const open = options.length > 0;
  const active = Math.min(highlight, Math.max(options.length - 1, 0));

  const pick = (name: string) => {
    if (!mention) return;
    const next = insertVariable(value, mention.at, mention.caret, name);
    caretAfterPick.current = next.caret;
    setMention(null);
    onChange(next.text);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setHighlight((active + step + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      pick(options[active].name);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setMention(null);
    }
  };

  return (
    <>
      <TextField
        ref={anchor}
        inputRef={input}
        label={label}
        value={value}
        disabled={disabled}
        error={error}
        helperText={helperText}
        multiline
        minRows={4}
        fullWidth
        onChange={(e) => {
          const next = e.target.value;
          const caret = e.target.selectionStart ?? next.length;
          if (typedAt(value, next, caret)) {
            setMention({ at: caret - 1, caret });
            setHighlight(0);
          } else if (mention) {
            setMention({ ...mention, caret });
          }
          onChange(next);
        }}
        onSelect={(e) => {
          const caret = (e.target as HTMLTextAreaElement).selectionStart;
          if (mention && caret !== mention.caret) setMention({ ...mention, caret });
        }}
        onBlur={() => setMention(null)}
        slotProps={{
          htmlInput: {
            onKeyDown,
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': open ? listId : undefined,
            'aria-activedescendant': open ? `${listId}-${active}` : undefined,
          },
        }}
      />
      <Popper open={open} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: 1300 }}>
        <Paper elevation={8}>
          <List
            id={listId}
            role="listbox"
            aria-label="Variables"
            dense
            sx={{ maxHeight: SUGGESTIONS_MAX_HEIGHT, overflowY: 'auto', minWidth: 320 }}
          >
            {options.map((v, i) => (
              <ListItemButton
                key={v.name}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                selected={i === active}
                // Keeps the focus (and the caret) in the text while picking.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(v.name)}
              >
                <ListItemText
                  primary={v.name}
                  secondary={v.describe(words)}
                  slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      </Popper>
    </>
  );
}
