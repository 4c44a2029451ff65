// The sidebar's entries, in the spec's order. Only screens that exist are listed.
import type { ReactNode } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import BadgeIcon from '@mui/icons-material/Badge';
import GroupsIcon from '@mui/icons-material/Groups';
import ArticleIcon from '@mui/icons-material/Article';
import GavelIcon from '@mui/icons-material/Gavel';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import QuizIcon from '@mui/icons-material/Quiz';
import RateReviewIcon from '@mui/icons-material/RateReview';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import SmsIcon from '@mui/icons-material/Sms';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import SecurityIcon from '@mui/icons-material/Security';
import PeopleIcon from '@mui/icons-material/People';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import EventIcon from '@mui/icons-material/Event';
import HandshakeIcon from '@mui/icons-material/Handshake';
import NightsStayIcon from '@mui/icons-material/NightsStay';
import OutboxIcon from '@mui/icons-material/Outbox';
import ShareIcon from '@mui/icons-material/Share';
import WebhookIcon from '@mui/icons-material/Webhook';
import ExtensionIcon from '@mui/icons-material/Extension';
import AssessmentIcon from '@mui/icons-material/Assessment';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useSession } from '../../api/session';
import { useAlarmAccount } from '../../features/hardware/api/alarm';
import { EXTERNAL_LINKS } from '../config';
import { PM_ONLY, USER_PM, type RoleLabel } from '../roles';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
  icon: ReactNode;
  roles?: readonly RoleLabel[];
  /** A small mark after the label (`beta`). */
  badge?: string;
  /** Listed only while the server says so (see useNavConditions). */
  when?: NavCondition;
}

export type NavCondition = 'alarmAccount' | 'rental' | 'forSale' | 'admin';

/** The conditions of entries (spec 2 §2): Alarm only if a hub (alarm) account exists; the offers
 *  are "Ready to Rent" for rental accounts, else "Ready to Buy". The outbox is for platform admins. */
export function useNavConditions(): Record<NavCondition, boolean> {
  const account = useAlarmAccount();
  const { user } = useSession();
  return {
    alarmAccount: account.data?.hasAccount === true,
    rental: !!user?.isRental,
    forSale: !user?.isRental,
    admin: !!user?.isAdmin,
  };
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
    label: 'Hardware',
    children: [
      { kind: 'link', label: 'Hardware List', to: '/inventory', icon: <Inventory2Icon />, roles: USER_PM },
      { kind: 'link', label: 'History', to: '/inventory-history', icon: <HistoryIcon />, roles: USER_PM },
      { kind: 'link', label: 'Alarm', to: '/devices', icon: <SecurityIcon />, when: 'alarmAccount' },
    ],
  },
  { kind: 'link', label: 'Communities', to: '/communities', icon: <LocationCityIcon />, roles: USER_PM },
  { kind: 'link', label: 'Properties', to: '/properties', icon: <HomeWorkIcon />, roles: USER_PM },
  { kind: 'link', label: 'Customers', to: '/customers', icon: <PeopleIcon />, roles: USER_PM },
  { kind: 'link', label: 'Visits', to: '/visits', icon: <DirectionsWalkIcon />, roles: USER_PM },
  { kind: 'link', label: 'Scheduled Visits', to: '/schedule-visit', icon: <EventIcon />, roles: USER_PM },
  { kind: 'link', label: 'Ready to Buy', to: '/offers', icon: <HandshakeIcon />, roles: USER_PM, when: 'forSale' },
  { kind: 'link', label: 'Ready to Rent', to: '/offers', icon: <HandshakeIcon />, roles: USER_PM, when: 'rental' },
  { kind: 'link', label: 'After Tour Hours', to: '/afterTourHours', icon: <NightsStayIcon />, roles: USER_PM },
  { kind: 'link', label: 'Share', to: '/share', icon: <ShareIcon /> },
  {
    kind: 'group',
    label: 'Users',
    children: [
      { kind: 'link', label: 'Staff', to: '/agents', icon: <BadgeIcon />, roles: PM_ONLY },
      { kind: 'link', label: 'Teams', to: '/teams', icon: <GroupsIcon />, roles: USER_PM },
    ],
  },
  {
    kind: 'group',
    label: 'Settings',
    children: [
      { kind: 'link', label: 'General', to: '/settings', icon: <SettingsIcon />, roles: USER_PM },
      { kind: 'link', label: 'Pre-Tour Survey', to: '/pre-tour-survey', icon: <QuizIcon />, roles: USER_PM },
      { kind: 'link', label: 'Post-Tour Survey', to: '/post-tour-survey', icon: <RateReviewIcon />, roles: USER_PM },
      { kind: 'link', label: 'Content', to: '/content-settings', icon: <ArticleIcon />, roles: USER_PM },
      { kind: 'link', label: 'Disclosures', to: '/disclosures', icon: <GavelIcon />, roles: USER_PM },
      { kind: 'link', label: 'Messaging', to: '/messaging', icon: <SmsIcon />, roles: USER_PM, badge: 'beta' },
      { kind: 'link', label: 'Billing', to: '/billing', icon: <ReceiptLongIcon />, roles: USER_PM, badge: 'beta' },
      { kind: 'link', label: 'Outbox', to: '/outbox', icon: <OutboxIcon />, when: 'admin' },
    ],
  },
  { kind: 'link', label: 'Webhooks', to: '/webhooks', icon: <WebhookIcon />, roles: USER_PM },
  { kind: 'link', label: 'Reports', to: '/reports', icon: <AssessmentIcon />, roles: USER_PM },
  { kind: 'link', label: 'Integrations', to: '/integrations', icon: <ExtensionIcon /> },
  {
    kind: 'group',
    label: 'Training',
    children: [
      { kind: 'link', label: 'General', to: '/training', icon: <OndemandVideoIcon /> },
      { kind: 'link', label: 'Sales Training', to: '/sales-training', icon: <SchoolIcon /> },
    ],
  },
  { kind: 'external', label: 'AI Chat Assistant', href: EXTERNAL_LINKS.aiAssistant, icon: <SmartToyIcon /> },
  { kind: 'external', label: 'FAQ & Help Centre', href: EXTERNAL_LINKS.helpCentre, icon: <HelpOutlineIcon /> },
];
