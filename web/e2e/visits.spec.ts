import { expect, test } from '@playwright/test';
import { csvLines, signIn } from './helpers';

test('the visits list filters a date range, exports it, and keeps it while a customer is open', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/visits"]').click();
  await expect(page).toHaveURL(/\/visits\?.*orderBy=modified_on/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visits', exact: true })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();

  // The demo has visits in the past week: a week's range ending today.
  const day = (offset: number) => {
    const d = new Date(Date.now() + offset * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Start date').fill(day(-7));
  await page.getByLabel('End date').fill(day(1));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`startDate=${day(-7)}`));
  await expect(page.locator('tbody tr').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export All' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('visits-export.csv');
  const lines = await csvLines(await file.path());
  expect(lines[0]).toContain('Visit ID');
  expect(lines.length).toBeGreaterThan(1);

  await page.locator('tbody tr').first().click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  await expect(page.getByRole('tab', { name: 'Activity' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/visits"]').click();
  await expect(page).toHaveURL(new RegExp(`startDate=${day(-7)}`));
});

test('a scheduled visit opens from its list, and the selected ones are exported and deleted', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/schedule-visit"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Visits', exact: true })).toBeVisible();
  const first = page.locator('tbody tr').first();
  const name = `${await first.locator('td:nth-child(2)').textContent()} ${await first.locator('td:nth-child(3)').textContent()}`;
  await first.click();
  await expect(page).toHaveURL(/\/schedule-visit\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Visit', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Scheduled Visits', exact: true }).click();

  const total = async () => Number((await page.getByText(/^Showing \d+-\d+ of \d+$/).textContent())!.split(' of ')[1]);
  const before = await total();
  await page.locator('tbody tr').first().getByRole('checkbox').check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const lines = await csvLines(await (await download).path());
  expect(lines[0]).toContain('Visit Date');
  expect(lines).toHaveLength(2);

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Successfully deleted')).toBeVisible();
  await expect.poll(total).toBe(before - 1);
});

test('an offer opens from Ready to Buy and leads to the customer who made it', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Ready to Buy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ready to Buy', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/orderBy=move_in/);
  const first = page.locator('tbody tr').first();
  const name = `${await first.locator('td:nth-child(3)').textContent()} ${await first.locator('td:nth-child(4)').textContent()}`;
  await first.click();
  await expect(page).toHaveURL(/\/offers\/\d+$/);
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the after tour hours list shows the attempts and exports them all', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/afterTourHours"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'After Tour Hours', exact: true })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toContainText(/\d{1,2}:\d{2} AM - \d{1,2}:\d{2} PM/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export All' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('after-tour-hours-export.csv');
  const lines = await csvLines(await file.path());
  expect(lines[0]).toBe('Property Id,Community,Tour Hours,Attempted At');
  expect(lines.length).toBeGreaterThan(1);
});
