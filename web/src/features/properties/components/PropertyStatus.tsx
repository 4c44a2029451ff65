import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { statusColour } from '../propertySchema';

/** A property's status as a chip, coloured by its lock for Accessible homes. */
export function PropertyStatus({ disposition, lockStatus }: { disposition: string; lockStatus?: string | null }) {
  const colour = statusColour(disposition, lockStatus);
  return (
    <Tooltip title={lockStatus ? `Lock: ${lockStatus}` : 'No lock installed'}>
      <Chip size="small" label={disposition} color={colour} variant={colour === 'default' ? 'outlined' : 'filled'} />
    </Tooltip>
  );
}
