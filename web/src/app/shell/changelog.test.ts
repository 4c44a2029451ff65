import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGELOG, parseChangelog } from './changelog';

describe('the change log', () => {
  it('reads dated changes, each with its text joined, and skips the preamble', () => {
    const entries = parseChangelog(
      [
        '# Changelog',
        'How this file is written.',
        '',
        '## 2026-11-26',
        '',
        '### Reports',
        'Three reports',
        'for any period.',
        '',
        '### Billing',
        'Invoices.',
        '## 2026-11-01',
        '### New console',
        'Faster lists.',
      ].join('\n'),
    );
    expect(entries).toEqual([
      { date: '2026-11-26', title: 'Reports', text: 'Three reports for any period.' },
      { date: '2026-11-26', title: 'Billing', text: 'Invoices.' },
      { date: '2026-11-01', title: 'New console', text: 'Faster lists.' },
    ]);
  });

  it('is the project’s own CHANGELOG.md, newest first, every change with a text', () => {
    const file = readFileSync(resolve(process.cwd(), '../CHANGELOG.md'), 'utf8');
    expect(CHANGELOG).toEqual(parseChangelog(file));
    expect(CHANGELOG.length).toBeGreaterThan(3);
    expect(CHANGELOG.every((c) => c.text.length > 0)).toBe(true);
    const dates = CHANGELOG.map((c) => c.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
