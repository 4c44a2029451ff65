// The sidebar's entries, in the spec's order. Only screens that exist are listed; later areas add
// their entries here (Showings, Hardware, Communities, Properties, Settings, Webhooks, Reports,
// Integrations, Training).
import type { ReactNode } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import BadgeIcon from '@mui/icons-material/Badge';
import GroupsIcon from '@mui/icons-material/Groups';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import { EXTERNAL_LINKS } from '../config';
import { PM_ONLY, USER_PM, type RoleLabel } from '../roles';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
  icon: ReactNode;
  roles?: readonly RoleLabel[];
}

export interface NavExternalItem {
  kind: 'external';
  label: string;
  href: string;
  icon: ReactNode;
}

export interface NavGroup {
  kind: 'group';
  label: string;
  children: NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavExternalItem | NavGroup;

export const NAV: NavEntry[] = [
  { kind: 'link', label: 'Dashboard', to: '/dashboard', icon: <DashboardIcon /> },
  {
    kind: 'group',
    label: 'Users',
    children: [
      { kind: 'link', label: 'Staff', to: '/agents', icon: <BadgeIcon />, roles: PM_ONLY },
      { kind: 'link', label: 'Teams', to: '/teams', icon: <GroupsIcon />, roles: USER_PM },
    ],
  },
  { kind: 'external', label: 'AI Chat Assistant', href: EXTERNAL_LINKS.aiAssistant, icon: <SmartToyIcon /> },
  { kind: 'external', label: 'FAQ & Help Centre', href: EXTERNAL_LINKS.helpCentre, icon: <HelpOutlineIcon /> },
];
