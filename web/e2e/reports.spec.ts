import { expect, test, type Page } from '@playwright/test';
import { csvLines, signIn } from './helpers';

/** A day of the browser's calendar, `offset` days from today, as yyyy-MM-dd. */
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function download(page: Page, button: string): Promise<{ name: string; lines: string[] }> {
  const file = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const done = await file;
  return { name: done.suggestedFilename(), lines: await csvLines(await done.path()) };
}

const REPORTS = [
  {
    card: 'Tours Per Property Report',
    path: '/reportPropertyTours',
    file: 'properties_tourReport-export.csv',
    header: 'Property Id,Community,Address',
  },
  {
    card: 'Visit Report',
    path: '/reportVisit',
    file: 'visits-report-export.csv',
    header: 'Community,Visits,Web Tours',
  },
  {
    card: 'Market Report',
    path: '/reportMarket',
    file: 'market-report-export.csv',
    header: 'Property Id,Address,Lot #',
  },
];

for (const report of REPORTS) {
  test(`the ${report.card} opens for a period, exports, prints and goes back`, async ({ page }) => {
    await signIn(page, 'demo.pm');
    await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/reports"]').click();
    await page.mouse.move(900, 500);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    // Inert until the end date is set too.
    await expect(page.getByRole('link', { name: report.card })).toHaveAttribute('aria-disabled', 'true');
    await page.getByLabel('Start date').fill(day(-30));
    await page.getByLabel('End date').fill(day(0));
    await page.getByRole('link', { name: new RegExp(report.card) }).click();
    await expect(page).toHaveURL(new RegExp(`${report.path}\\?.*startDate=${day(-30)}.*endDate=${day(0)}`));
    await expect(page.getByRole('heading', { level: 1, name: report.card })).toBeVisible();
    const first = page.locator('tbody tr').first();
    await expect(first.getByRole('checkbox')).toBeVisible();

    await first.getByRole('checkbox').check();
    const selected = await download(page, 'Export');
    expect(selected.name).toBe(report.file);
    expect(selected.lines[0]).toContain(report.header);
    expect(selected.lines).toHaveLength(2);

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Print' }).click();
    await popup;

    const all = await download(page, 'Export All');
    expect(all.name).toBe(report.file);
    expect(all.lines.length).toBeGreaterThan(1);

    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByLabel('End date')).toHaveValue(day(0));
  });
}

test('a start date after the end date is refused and the cards stay inert', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.goto('/reports');
  await page.getByLabel('End date').fill(day(-5));
  await page.getByLabel('Start date').fill(day(-2));
  await expect(page.getByText('Start date cannot be later than end date')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit Report' })).toHaveAttribute('aria-disabled', 'true');
});

test('insights chart the last ninety days, download a chart as CSV and narrow to a community', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.goto('/reports');
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  for (const title of ['Tours over time', 'The funnel', 'Tours by weekday', 'Tours by hour', 'By community'])
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // The demo's tours draw bars (recharts' rectangles) in the weekday chart.
  const weekday = page.getByRole('region', { name: 'Tours by weekday' });
  await expect(weekday.locator('.recharts-bar-rectangle').first()).toBeVisible();

  const file = page.waitForEvent('download');
  await weekday.getByRole('button', { name: 'CSV of Tours by weekday' }).click();
  const csv = await csvLines(await (await file).path());
  expect(csv[0]).toBe('Weekday,Tours');
  expect(csv).toHaveLength(8);

  const lines = page.getByRole('table', { name: 'By community' }).locator('tbody tr');
  await expect.poll(() => lines.count()).toBeGreaterThan(1);
  const name = (await lines.first().locator('td').first().textContent())!;
  await page.getByRole('combobox', { name: 'Community' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(name);
});

test('the profit center sums up what self-tours earned and downloads it as CSV', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.goto('/reports');
  await page.getByRole('link', { name: 'Profit Center' }).click();
  await expect(page).toHaveURL(/\/profit-center$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profit Center' })).toBeVisible();
  // The demo sold homes after tours, and its visitors toured outside staffed hours.
  await expect(page.getByRole('region', { name: 'Sold after a self-tour' })).toContainText(
    /\d+of \d+ homes sold or rented/,
  );
  await expect(page.getByRole('region', { name: 'Staff time saved' })).toContainText(
    /[1-9]\d* tours outside staffed hours/,
  );
  const lines = page.getByRole('table', { name: 'Earnings by community' }).locator('tbody tr');
  await expect.poll(() => lines.count()).toBeGreaterThan(1);

  const file = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV of By community' }).click();
  const csv = await csvLines(await (await file).path());
  expect(csv[0]).toContain('Community,Sold after a tour,Sold in all');
  expect(csv.length).toBe((await lines.count()) + 1);
});
