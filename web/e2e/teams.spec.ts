import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('creates a team, then edits its members and details', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.goto('/teams');
  await expect(page.getByRole('heading', { name: 'Teams List' })).toBeVisible();
  await expect(page).toHaveURL(/orderBy=created_on/);
  await page.getByRole('button', { name: 'Add New Team' }).click();
  await expect(page).toHaveURL(/\/teams\/add$/);
  await expect(page.getByRole('heading', { name: 'Add New Team Details' })).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('required', { exact: true })).toHaveCount(3);

  await page.getByLabel('Team Name').fill('Weekend Crew');
  await page.getByLabel('Description').fill('Covers Saturday and Sunday tours');
  const search = page.getByRole('combobox', { name: 'Search/Add New Agent' });
  await search.click();
  await search.fill('Sam');
  await page.getByRole('option', { name: /Sam Sellers/ }).click();
  const members = page.getByRole('list', { name: 'Team members' });
  await expect(members.getByText('Sam Sellers')).toBeVisible();
  await expect(members.getByText('SS', { exact: true })).toBeVisible();
  // Other Staff and Trade Contractors are never offered.
  await search.fill('Olivia');
  await expect(page.getByRole('option', { name: /Olivia Field/ })).toHaveCount(0);
  await search.fill('Paula');
  await page.getByRole('option', { name: /Paula Manning/ }).click();
  await expect(members.getByText('PM', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/teams\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Team Details' })).toBeVisible();
  await expect(members.getByText('Paula Manning')).toBeVisible();

  // In edit mode members change at once.
  await members.getByRole('button', { name: 'Remove Sam Sellers' }).click();
  await expect(page.getByText('Agent removed.')).toBeVisible();
  await expect(members.getByText('Sam Sellers')).toHaveCount(0);
  await search.click();
  await search.fill('Sam');
  await page.getByRole('option', { name: /Sam Sellers/ }).click();
  await expect(page.getByText('Agent added..')).toBeVisible();
  await expect(members.getByText('Sam Sellers')).toBeVisible();

  await page.getByLabel('Description').fill('Covers weekend tours');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/teams(\?|$)/);
  const row = page.getByRole('row', { name: /Weekend Crew/ });
  await expect(row).toContainText('Covers weekend tours');
  await expect(row).toContainText('2');
});

test('deletes selected teams after confirmation', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.goto('/teams?search=Model');
  const row = page.getByRole('row', { name: /Model Home Hosts/ });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Successfully deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: /Model Home Hosts/ })).toHaveCount(0);
});
