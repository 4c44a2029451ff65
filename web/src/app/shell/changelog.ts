/** Recent changes shown by the top bar's changelog popover, newest first. */
export interface ChangelogEntry {
  date: string;
  title: string;
  text: string;
}

export const CHANGELOG: ChangelogEntry[] = [
  {
    date: '2026-11-01',
    title: 'New console',
    text: 'A faster console with lists that remember your search, sort and filters while you work.',
  },
  {
    date: '2026-11-01',
    title: 'Staff and teams',
    text: 'Add and edit staff with role-based notifications, and build teams from your available agents.',
  },
  {
    date: '2026-11-01',
    title: 'Your profile',
    text: 'Edit your contact details and choose which alerts reach you by email or text.',
  },
];
