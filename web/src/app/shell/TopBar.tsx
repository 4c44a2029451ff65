import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import LogoutIcon from '@mui/icons-material/Logout';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import { useSession } from '../../api/session';
import { useLogout } from '../../features/auth/api/session';
import { SIDEBAR_WIDTH_CLOSED } from '../config';
import { BuilderSelector } from './BuilderSelector';
import { ChangelogButton } from './ChangelogButton';
import { FEEDBACK_TITLE, FeedbackDialog } from './FeedbackDialog';

export function TopBar({ isMobile, onMenu }: { isMobile: boolean; onMenu(): void }) {
  const { user } = useSession();
  const logout = useLogout();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        left: isMobile ? 0 : SIDEBAR_WIDTH_CLOSED,
        width: isMobile ? '100%' : `calc(100% - ${SIDEBAR_WIDTH_CLOSED}px)`,
      }}
    >
      <Toolbar sx={{ gap: 1, minHeight: 64 }}>
        {isMobile && (
          <IconButton edge="start" aria-label="Open menu" onClick={onMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          sx={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          data-testid="greeting"
        >
          Welcome, {user?.firstName} {user?.lastName}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <BuilderSelector />
        {/* From 600 px the labelled button, wrapping onto two lines when space is short; below, an
            icon button with the same name and a tooltip. */}
        <Button
          variant="text"
          onClick={() => setFeedbackOpen(true)}
          sx={{
            display: { xs: 'none', sm: 'inline-flex' },
            flexShrink: 1,
            minWidth: 96,
            lineHeight: 1.2,
            textAlign: 'center',
            whiteSpace: { sm: 'normal', lg: 'nowrap' },
          }}
        >
          {FEEDBACK_TITLE}
        </Button>
        <Tooltip title={FEEDBACK_TITLE}>
          <IconButton
            onClick={() => setFeedbackOpen(true)}
            aria-label={FEEDBACK_TITLE}
            color="primary"
            sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
          >
            <FeedbackOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Edit profile">
          <IconButton component={RouterLink} to="/account" aria-label="Edit profile" color="inherit">
            <ManageAccountsIcon />
          </IconButton>
        </Tooltip>
        <ChangelogButton />
        <Tooltip title="Log out">
          <IconButton aria-label="Log out" onClick={logout} color="inherit">
            <LogoutIcon />
          </IconButton>
        </Tooltip>
      </Toolbar>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </AppBar>
  );
}
