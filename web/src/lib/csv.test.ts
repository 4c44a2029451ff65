import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs it and neutralises formulas, not negative numbers', () => {
    expect(
      toCsv(
        ['Name', 'Tours'],
        [
          ['Oak, Ridge', 3],
          ['=SUM(A1)', -2],
          ['say "hi"', null],
        ],
      ),
    ).toBe('Name,Tours\n"Oak, Ridge",3\n\'=SUM(A1),-2\n"say ""hi""",\n');
  });
});
