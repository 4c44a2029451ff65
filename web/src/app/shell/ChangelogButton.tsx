import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import { CHANGELOG } from './changelog';

export function ChangelogButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="What's new">
        <IconButton color="inherit" aria-label="What's new" onClick={(e) => setAnchor(e.currentTarget)}>
          <NotificationsIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: 340, maxHeight: 420 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, px: 2, pt: 1.5 }}>
            What's new
          </Typography>
          <List dense>
            {CHANGELOG.map((c) => (
              <ListItem key={`${c.date}-${c.title}`} alignItems="flex-start">
                <ListItemText primary={c.title} secondary={`${c.date} — ${c.text}`} />
              </ListItem>
            ))}
          </List>
        </Box>
      </Popover>
    </>
  );
}
