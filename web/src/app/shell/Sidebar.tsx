import { Fragment } from 'react';
import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useSession } from '../../api/session';
import { SIDEBAR_WIDTH_CLOSED, SIDEBAR_WIDTH_OPEN } from '../config';
import { hasRole } from '../roles';
import { NAV, useNavConditions, type NavEntry, type NavLinkItem } from './nav';

const GROUP_HEADING_PX = 32;

function visible(entries: NavEntry[], allowed: (item: NavLinkItem) => boolean): NavEntry[] {
  return entries.flatMap((e): NavEntry[] => {
    if (e.kind === 'link') return allowed(e) ? [e] : [];
    if (e.kind === 'group') {
      const children = e.children.filter(allowed);
      return children.length ? [{ ...e, children }] : [];
    }
    return [e];
  });
}

function SidebarContent({ open, onNavigate }: { open: boolean; onNavigate?: () => void }) {
  const { user } = useSession();
  const conditions = useNavConditions();
  const entries = visible(NAV, (item) => hasRole(user, item.roles) && (!item.when || conditions[item.when]));
  const itemSx = { minHeight: 44, px: 2.5, borderRadius: 1, mx: 0.5 };
  const link = (item: NavLinkItem, nested = false) => (
    <Tooltip key={item.to} title={open ? '' : item.label} placement="right">
      <ListItemButton
        component={NavLink}
        to={item.to}
        onClick={onNavigate}
        sx={{
          ...itemSx,
          pl: open && nested ? 4 : 2.5,
          '&.active': { bgcolor: 'rgba(219, 92, 14, 0.12)', color: 'primary.main' },
          '&.active .MuiListItemIcon-root': { color: 'primary.main' },
        }}
      >
        <ListItemIcon sx={{ minWidth: 0, mr: open ? 2 : 'auto' }}>{item.icon}</ListItemIcon>
        <ListItemText primary={item.label} sx={{ opacity: open ? 1 : 0, whiteSpace: 'nowrap' }} />
        {open && item.badge && (
          <Chip label={item.badge} size="small" variant="outlined" sx={{ height: 20, fontSize: 11 }} />
        )}
      </ListItemButton>
    </Tooltip>
  );

  return (
    <Box sx={{ overflowX: 'hidden' }}>
      <Box sx={{ height: 64, display: 'flex', alignItems: 'center', px: 2.25 }}>
        <Box
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: 1,
            bgcolor: 'primary.main',
            color: '#fff',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            flexShrink: 0,
          }}
        >
          T
        </Box>
        <Typography sx={{ ml: 1.5, fontWeight: 700, fontSize: 20, opacity: open ? 1 : 0, whiteSpace: 'nowrap' }}>
          Tourdesk
        </Typography>
      </Box>
      <Divider />
      <List component="nav" aria-label="Main menu" dense={false}>
        {entries.map((e) => {
          if (e.kind === 'link') return link(e);
          if (e.kind === 'group')
            return (
              <Fragment key={e.label}>
                {open ? (
                  <ListSubheader
                    disableSticky
                    sx={{ lineHeight: `${GROUP_HEADING_PX}px`, bgcolor: 'transparent', whiteSpace: 'nowrap' }}
                  >
                    {e.label}
                  </ListSubheader>
                ) : (
                  // As tall as the group's heading: opening the sidebar on hover must not move
                  // the entries under the pointer.
                  <Box sx={{ height: GROUP_HEADING_PX, display: 'flex', alignItems: 'center' }}>
                    <Divider sx={{ flex: 1 }} />
                  </Box>
                )}
                {e.children.map((c) => link(c, true))}
              </Fragment>
            );
          return (
            <Tooltip key={e.href} title={open ? '' : e.label} placement="right">
              <ListItemButton component="a" href={e.href} target="_blank" rel="noopener noreferrer" sx={itemSx}>
                <ListItemIcon sx={{ minWidth: 0, mr: open ? 2 : 'auto' }}>{e.icon}</ListItemIcon>
                <ListItemText primary={e.label} sx={{ opacity: open ? 1 : 0, whiteSpace: 'nowrap' }} />
                {open && <OpenInNewIcon fontSize="inherit" sx={{ color: 'text.secondary' }} />}
              </ListItemButton>
            </Tooltip>
          );
        })}
      </List>
    </Box>
  );
}

export interface SidebarProps {
  /** Hover state of the desktop (≥ 600 px) sidebar. */
  hoverOpen: boolean;
  onHoverChange(open: boolean): void;
  /** The phone-size (< 600 px) drawer, opened by the top bar's menu button. */
  mobileOpen: boolean;
  onMobileClose(): void;
  isMobile: boolean;
}

/** Collapsed by default (icons only), opens on hover to 240 px; a temporary drawer on phones. */
export function Sidebar({ hoverOpen, onHoverChange, mobileOpen, onMobileClose, isMobile }: SidebarProps) {
  if (isMobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH_OPEN } } }}
      >
        <SidebarContent open onNavigate={onMobileClose} />
      </Drawer>
    );
  }
  const width = hoverOpen ? SIDEBAR_WIDTH_OPEN : SIDEBAR_WIDTH_CLOSED;
  return (
    <Drawer
      variant="permanent"
      open={hoverOpen}
      data-testid="sidebar"
      data-open={hoverOpen}
      onMouseEnter={() => onHoverChange(true)}
      onMouseLeave={() => onHoverChange(false)}
      sx={{ width: SIDEBAR_WIDTH_CLOSED, flexShrink: 0 }}
      slotProps={{
        paper: {
          sx: (theme) => ({
            width,
            overflowX: 'hidden',
            zIndex: theme.zIndex.appBar + 1,
            transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
            boxShadow: hoverOpen ? theme.shadows[8] : 'none',
          }),
        },
      }}
    >
      <SidebarContent open={hoverOpen} />
    </Drawer>
  );
}
