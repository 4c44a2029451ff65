// A visit's remarks as the Activity tab shows them (spec 2 §2). Remarks are free text, but the
// self-tour's feedback writes structured lines: "User sent feedback", a line of stars, a
// "Comments:" section (whose "loved:" lines name what the visitor loved) and a "Post tour
// survey" section of question and answer lines. See docs/showings.md.

export interface RemarkLine {
  text: string;
  /** A "loved:" line of the comments, its text without the prefix. */
  loved: boolean;
}

export type RemarkBlock =
  | { kind: 'text'; lines: string[] }
  | { kind: 'feedback' }
  | { kind: 'stars'; rating: number; of: number }
  | { kind: 'section'; title: 'Comments' | 'Post tour survey'; lines: RemarkLine[] };

const FEEDBACK = 'User sent feedback';
const FILLED = new Set(['★', '*']);
const EMPTY = new Set(['☆', '✩']);
const LOVED = /^loved:\s*/i;

/** A line made only of stars (filled and empty ones), as a rating; null otherwise. */
function stars(line: string): { rating: number; of: number } | null {
  const marks = [...line.replace(/\s+/g, '')];
  if (marks.length === 0 || !marks.every((c) => FILLED.has(c) || EMPTY.has(c))) return null;
  return { rating: marks.filter((c) => FILLED.has(c)).length, of: marks.length };
}

function sectionTitle(line: string): 'Comments' | 'Post tour survey' | null {
  if (/^comments:$/i.test(line)) return 'Comments';
  if (/^post tour survey:?$/i.test(line)) return 'Post tour survey';
  return null;
}

/** The remarks cut into the blocks the tab lays out; blank lines are dropped. */
export function parseRemarks(remarks: string | null | undefined): RemarkBlock[] {
  const blocks: RemarkBlock[] = [];
  for (const raw of (remarks ?? '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const last = blocks[blocks.length - 1];
    const title = sectionTitle(line);
    const rating = stars(line);
    if (line === FEEDBACK) {
      blocks.push({ kind: 'feedback' });
    } else if (title) {
      blocks.push({ kind: 'section', title, lines: [] });
    } else if (rating) {
      blocks.push({ kind: 'stars', ...rating });
    } else if (last?.kind === 'section') {
      const loved = last.title === 'Comments' && LOVED.test(line);
      last.lines.push({ text: loved ? line.replace(LOVED, '') : line, loved });
    } else if (last?.kind === 'text') {
      last.lines.push(line);
    } else {
      blocks.push({ kind: 'text', lines: [line] });
    }
  }
  return blocks;
}
