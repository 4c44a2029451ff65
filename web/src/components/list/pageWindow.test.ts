import { describe, expect, it } from 'vitest';
import { pageWindow, showingText } from './pageWindow';

describe('pageWindow', () => {
  it('shows every page when there are 8 or fewer', () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(3, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows nothing for no pages', () => {
    expect(pageWindow(0, 0)).toEqual([]);
  });

  it('shows a window of 4 with the last page at the start', () => {
    expect(pageWindow(0, 20)).toEqual([0, 1, 2, 3, 'end-ellipsis', 19]);
    expect(pageWindow(1, 20)).toEqual([0, 1, 2, 3, 'end-ellipsis', 19]);
  });

  it('shows a window of 4 around the current page in the middle', () => {
    expect(pageWindow(10, 20)).toEqual([0, 'start-ellipsis', 9, 10, 11, 12, 'end-ellipsis', 19]);
  });

  it('does not put an ellipsis where no page is skipped', () => {
    expect(pageWindow(2, 9)).toEqual([0, 1, 2, 3, 4, 'end-ellipsis', 8]);
    expect(pageWindow(5, 9)).toEqual([0, 'start-ellipsis', 4, 5, 6, 7, 8]);
  });

  it('keeps 4 pages in the window at the end', () => {
    expect(pageWindow(19, 20)).toEqual([0, 'start-ellipsis', 16, 17, 18, 19]);
    expect(pageWindow(18, 20)).toEqual([0, 'start-ellipsis', 16, 17, 18, 19]);
  });

  it('clamps a current page out of range', () => {
    expect(pageWindow(99, 10)).toEqual([0, 'start-ellipsis', 6, 7, 8, 9]);
  });
});

describe('showingText', () => {
  it('reads Showing from-to of N', () => {
    expect(showingText(0, 25, 120, false)).toBe('Showing 1-25 of 120');
    expect(showingText(4, 25, 120, false)).toBe('Showing 101-120 of 120');
    expect(showingText(1, 50, 51, false)).toBe('Showing 51-51 of 51');
  });

  it('covers the empty list and Show All', () => {
    expect(showingText(0, 25, 0, false)).toBe('Showing 0-0 of 0');
    expect(showingText(2, 25, 120, true)).toBe('Showing 1-120 of 120');
  });
});
