import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_DEBOUNCE_MS } from '../../app/config';

export interface SearchBoxProps {
  value: string;
  placeholder: string;
  onSearch(value: string): void;
  delayMs?: number;
}

/** Search input that reports its text after 400 ms without typing. */
export function SearchBox({ value, placeholder, onSearch, delayMs = SEARCH_DEBOUNCE_MS }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const lastReported = useRef(value);

  // Follow outside changes (URL restored, back button).
  useEffect(() => {
    lastReported.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === lastReported.current) return;
    const t = setTimeout(() => {
      lastReported.current = text;
      onSearchRef.current(text);
    }, delayMs);
    return () => clearTimeout(t);
  }, [text, delayMs]);

  return (
    <TextField
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={placeholder}
      size="small"
      sx={{ minWidth: 280, flex: '0 1 360px' }}
      slotProps={{
        htmlInput: { 'aria-label': placeholder, type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
