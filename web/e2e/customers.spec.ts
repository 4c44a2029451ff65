import { expect, test } from '@playwright/test';
import { csvLines, signIn } from './helpers';

test('the customers list opens from the sidebar, filters by last visit status and exports the filtered list', async ({
  page,
}) => {
  await signIn(page, 'demo.pm');
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/customers"]').click();
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(page).toHaveURL(/orderBy=last_visit_date/);
  await expect(page.getByRole('columnheader', { name: 'Last Visit Status' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();

  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Last visit status').click();
  await page.getByRole('option', { name: 'NA-V', exact: true }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/lastStatus=NA-V/);
  const statuses = page.locator('tbody tr td:nth-child(11)');
  await expect(statuses.first()).toHaveText('NA-V');
  for (const text of await statuses.allTextContents()) expect(text).toBe('NA-V');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export All' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('customers-export.csv');
  const lines = await csvLines(await file.path());
  expect(lines[0]).toContain('Last Visit Status');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes(',NA-V,'))).toBe(true);
});

test('a customer opens from the list with their visits, and the blacklist switch filters the list', async ({
  page,
}) => {
  await signIn(page, 'demo.pm');
  await page.goto('/customers');
  // The newest customer not blacklisted already (the demo's staff blacklisted one visitor).
  const first = page.locator('tbody tr', { hasText: 'Not blacklisted' }).first();
  const id = (await first.locator('td:nth-child(2)').textContent())!;
  const name = `${await first.locator('td:nth-child(3)').textContent()} ${await first.locator('td:nth-child(4)').textContent()}`;
  await first.click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Activity' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  const blacklist = page.getByRole('switch', { name: 'Blacklisted' });
  await expect(blacklist).not.toBeChecked();
  await blacklist.click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(blacklist).toBeChecked();

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Customer status').click();
  await page.getByRole('option', { name: 'Blacklisted', exact: true }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page
    .locator('tbody tr')
    .filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${id}$`) }) });
  await expect(row).toHaveCount(1);
  await expect(page.locator('tbody tr', { hasText: 'Not blacklisted' })).toHaveCount(0);
  await row.click();
  await page.getByRole('switch', { name: 'Blacklisted' }).click();
  await expect(page.getByRole('switch', { name: 'Blacklisted' })).not.toBeChecked();
});
