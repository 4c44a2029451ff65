// The top bar's "What's new", read from the project's own change log (CHANGELOG.md at the
// repository's root) when the console is built.
import changelogText from '../../../../CHANGELOG.md?raw';

/** A change as the changelog popover shows it. */
export interface ChangelogEntry {
  date: string;
  title: string;
  text: string;
}

const DATE = /^## (\d{4}-\d{2}-\d{2})\s*$/;
const TITLE = /^### (.+)$/;

/**
 * The changes of a change log in its own order (newest first): each `## yyyy-MM-dd` dates the
 * `### title` sections under it, whose lines up to the next heading are the change's text.
 */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let date: string | null = null;
  let current: ChangelogEntry | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const dated = DATE.exec(line);
    const titled = TITLE.exec(line);
    if (dated || titled || line.startsWith('#')) current = null;
    if (dated) date = dated[1];
    else if (titled && date) {
      current = { date, title: titled[1].trim(), text: '' };
      entries.push(current);
    } else if (current && line.trim() !== '') {
      current.text = current.text ? `${current.text} ${line.trim()}` : line.trim();
    }
  }
  return entries;
}

export const CHANGELOG: ChangelogEntry[] = parseChangelog(changelogText);
