import { useLocation } from 'react-router';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSession } from '../../api/session';
import { LoadError, loadErrorText } from '../../components/LoadError';
import { useEnterpriseBuilders } from '../../features/builders/api/useBuilders';
import {
  builderSelection,
  builderSelectorMode,
  useBuilderSelection,
  useFirstBuilderWhenNone,
} from '../builderSelection';

/** The enterprise user's builder selector in the top bar (value 0 = All Builders). */
export function BuilderSelector() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const mode = builderSelectorMode(pathname);
  const enabled = !!user?.isEnterprise;
  const builders = useEnterpriseBuilders(enabled);
  const selected = useBuilderSelection();
  const list = builders.data ?? [];

  useFirstBuilderWhenNone(mode === 'single', list);

  if (!enabled || mode === 'hidden') return null;
  if (builders.isError) {
    const message = loadErrorText('Builders', builders.error);
    return (
      <LoadError
        title={message}
        onRetry={() => void builders.refetch()}
        sx={{
          py: 0,
          maxWidth: 360,
          minWidth: 0,
          '& .MuiAlert-message': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      >
        {message}
      </LoadError>
    );
  }
  const value = selected ?? (mode === 'all' ? 0 : '');
  return (
    <TextField
      select
      size="small"
      label="Builder"
      value={list.length === 0 && value !== 0 ? '' : value}
      onChange={(e) => builderSelection.set(Number(e.target.value))}
      sx={{ minWidth: 200, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
      data-testid="builder-selector"
    >
      {mode === 'all' && <MenuItem value={0}>All Builders</MenuItem>}
      {list.map((b) => (
        <MenuItem key={b.builder_id} value={b.builder_id}>
          {b.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
