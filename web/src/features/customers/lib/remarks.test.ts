import { describe, expect, it } from 'vitest';
import { parseRemarks } from './remarks';

describe('parseRemarks', () => {
  it('reads plain remarks as text', () => {
    expect(parseRemarks('Called back\n\nWants a second tour')).toEqual([
      { kind: 'text', lines: ['Called back', 'Wants a second tour'] },
    ]);
    expect(parseRemarks(null)).toEqual([]);
  });

  it('reads the feedback, its stars, loved lines and the post tour survey', () => {
    const remarks = [
      'User sent feedback',
      '★★★★☆',
      'Comments:',
      'loved: the kitchen',
      'The yard is small',
      'Post tour survey',
      'How did you hear about us?: Zillow',
      'Loved: not a comment here',
    ].join('\n');
    expect(parseRemarks(remarks)).toEqual([
      { kind: 'feedback' },
      { kind: 'stars', rating: 4, of: 5 },
      {
        kind: 'section',
        title: 'Comments',
        lines: [
          { text: 'the kitchen', loved: true },
          { text: 'The yard is small', loved: false },
        ],
      },
      {
        kind: 'section',
        title: 'Post tour survey',
        lines: [
          { text: 'How did you hear about us?: Zillow', loved: false },
          { text: 'Loved: not a comment here', loved: false },
        ],
      },
    ]);
  });

  it('takes asterisks as stars but not a line with words', () => {
    expect(parseRemarks('* * *')).toEqual([{ kind: 'stars', rating: 3, of: 3 }]);
    expect(parseRemarks('** great **')).toEqual([{ kind: 'text', lines: ['** great **'] }]);
  });
});
