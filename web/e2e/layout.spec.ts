import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// Issue 22 §6: at 1400 px wide, with the sidebar open or not, a list's 1230 px table scrolls
// inside its card and the page itself never scrolls sideways.
test.use({ viewport: { width: 1400, height: 900 } });

const LISTS = ['/properties', '/customers', '/visits', '/agents', '/communities', '/offers', '/schedule-visit'];

test('list tables scroll inside their card at 1400 px, never the page', async ({ page }) => {
  await signIn(page, 'demo.pm');
  for (const path of LISTS) {
    await page.goto(path);
    const table = page.getByRole('table').first();
    await expect(table).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    for (const sidebarOpen of [false, true]) {
      if (sidebarOpen) await page.getByTestId('sidebar').hover();
      else await page.mouse.move(1300, 600);
      // A string: the e2e code is compiled without the browser's types.
      const widths = (await page.evaluate(`(() => {
        const t = document.querySelector('table');
        const box = t.parentElement;
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          table: t.getBoundingClientRect().width,
          scrolls: getComputedStyle(box).overflowX,
          boxRight: box.getBoundingClientRect().right,
        };
      })()`)) as { page: number; table: number; scrolls: string; boxRight: number };
      expect(widths.page, `${path} scrolls the page sideways`).toBe(0);
      expect(widths.table, `${path} keeps its minimum width`).toBeGreaterThanOrEqual(1230);
      expect(widths.scrolls, path).toBe('auto');
      expect(widths.boxRight, `${path} card stays in the window`).toBeLessThanOrEqual(1400);
    }
  }
});
