import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('the hardware history lists device actions, searches them and exports them all', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/inventory-history"]').click();
  await expect(page.getByRole('heading', { name: 'Hardware History' })).toBeVisible();
  await expect(page).toHaveURL(/orderBy=id/);
  await expect(page.getByText('Activated').first()).toBeVisible();
  // Only Export All: the history has no row selection.
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.getByPlaceholder('Search by serial number, property id, author or action').fill('marked as sold');
  await expect(page).toHaveURL(/search=marked/);
  await expect(page.getByText('Activated')).toHaveCount(0);
  await expect(page.getByText('Removed, marked as sold').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export All' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('HubActivityLogs.csv');
  const lines = (await readFile(await file.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain('Serial Number');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes('Removed, marked as sold'))).toBe(true);
});
