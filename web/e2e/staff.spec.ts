import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { query, signIn } from './helpers';

const rows = (page: Page) => page.locator('tbody tr[data-row-key]');
const rowKeys = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')!));

/** The previous page stays on screen while a new sort loads: waits for rows in that order. */
async function keysSorted(page: Page, order: 'asc' | 'desc') {
  await expect
    .poll(async () => {
      const keys = await rowKeys(page);
      return (
        keys.length > 2 && keys.every((k, i) => i === 0 || (order === 'asc' ? keys[i - 1] <= k : keys[i - 1] >= k))
      );
    })
    .toBe(true);
  return rowKeys(page);
}

test.describe('staff list', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'demo.pm');
    await page.goto('/agents');
    await expect(page.getByRole('heading', { name: 'Staff List' })).toBeVisible();
  });

  test('pages, searches, sorts and changes the page size through the URL', async ({ page }) => {
    await expect(page).toHaveURL(/order=desc/);
    expect(query(page).get('orderBy')).toBe('firstname');
    const showing = page.getByTestId('pager-showing');
    await expect(showing).toHaveText(/^Showing 1-25 of \d+$/);
    const total = Number((await showing.textContent())!.split(' of ')[1]);
    expect(total).toBeGreaterThan(25);
    await expect(rows(page)).toHaveCount(25);

    // Next page, then a new page size goes back to the first page.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(showing).toHaveText(`Showing 26-${total} of ${total}`);
    expect(query(page).get('page')).toBe('1');
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect(showing).toHaveText(`Showing 1-${total} of ${total}`);
    expect(query(page).get('page')).toBe('0');
    expect(query(page).get('limit')).toBe('50');

    // Sort by username, ascending then descending.
    await page.getByRole('button', { name: 'Username' }).click();
    await expect(page).toHaveURL(/orderBy=username/);
    expect(query(page).get('order')).toBe('asc');
    const ascending = await keysSorted(page, 'asc');
    await page.getByRole('button', { name: 'Username' }).click();
    await expect(page).toHaveURL(/order=desc/);
    const descending = await keysSorted(page, 'desc');
    expect(descending[0] > ascending[0]).toBe(true);

    // Search (debounced) narrows the list and lives in the URL.
    await page.getByPlaceholder('Search all agents').fill('Sellers');
    await expect(page).toHaveURL(/search=Sellers/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-row-key', 'demo.sales');

    // The list state comes back after a visit to a detail page.
    await rows(page).first().click();
    await expect(page).toHaveURL(/\/agents\/demo\.sales$/);
    await expect(page.getByRole('heading', { name: 'Edit Staff' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/search=Sellers/);
    await expect(page.getByPlaceholder('Search all agents')).toHaveValue('Sellers');
  });

  test('selects rows (with shift ranges), exports them as CSV and clears on page change', async ({ page }) => {
    await page.getByRole('button', { name: 'Username' }).click();
    await expect(page).toHaveURL(/orderBy=username/);
    const keys = await keysSorted(page, 'asc');
    await page.getByLabel(`Select row ${keys[0]}`).click();
    await page.getByLabel(`Select row ${keys[2]}`).click({ modifiers: ['Shift'] });
    await expect(page.getByText('3 selected')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('agents-export.csv');
    const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0].toLowerCase()).toContain('username');
    expect(lines).toHaveLength(4);
    for (const key of keys.slice(0, 3)) expect(csv).toContain(key);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('3 selected')).toHaveCount(0);
  });

  test('opens a row from the keyboard: its first cell is a link', async ({ page }) => {
    const first = rows(page).first();
    const key = (await first.getAttribute('data-row-key'))!;
    await page.getByLabel(`Select row ${key}`).focus();
    await page.keyboard.press('Tab');
    const link = first.getByRole('link', { name: key });
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/agents/${key.replace(/\./g, '\\.')}$`));
    await expect(page.getByRole('heading', { name: 'Edit Staff' })).toBeVisible();
  });

  test('a new search clears the selection', async ({ page }) => {
    const key = (await rows(page).first().getAttribute('data-row-key'))!;
    await page.getByLabel(`Select row ${key}`).click();
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.getByPlaceholder('Search all agents').fill('Sellers');
    await expect(page).toHaveURL(/search=Sellers/);
    await expect(page.getByText('1 selected')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  });

  test('Show All shows every row on one page', async ({ page }) => {
    const showing = page.getByTestId('pager-showing');
    await expect(showing).toHaveText(/^Showing 1-25 of \d+$/);
    const total = Number((await showing.textContent())!.split(' of ')[1]);
    await page.getByRole('button', { name: 'Show All' }).click();
    await expect(showing).toHaveText(`Showing 1-${total} of ${total}`);
    await expect(rows(page)).toHaveCount(total);
    await page.getByRole('button', { name: 'Hide All' }).click();
    await expect(rows(page)).toHaveCount(25);
  });
});

test.describe('staff form', () => {
  test('reports every error together, then adds the staff member', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await page.goto('/agents');
    await page.getByRole('button', { name: 'Add Staff' }).click();
    await expect(page).toHaveURL(/\/agents\/add$/);
    await expect(page.getByRole('heading', { name: 'Add Staff' })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    const summary = page.getByRole('alert', { name: 'Form errors' });
    await expect(summary).toContainText('Select at least one role to the agent!');
    await expect(summary).toContainText('First name is required');
    await expect(summary).toContainText('Phone is required');

    // Names take letters and inner spaces only; the username follows firstname.lastname.
    await page.getByLabel('First name').fill('Nina3!');
    await expect(page.getByLabel('First name')).toHaveValue('Nina');
    await page.getByLabel('Last name').pressSequentially('Van Dyke');
    await expect(page.getByLabel('Username')).toHaveValue('nina.vandyke');
    await page.getByLabel('Phone').pressSequentially('5551234567');
    await expect(page.getByLabel('Phone')).toHaveValue('555-123-4567');
    await page.getByLabel('Email').fill('nina@example.com');

    await page.getByLabel(/Other Staff/).check();
    await expect(page.getByRole('heading', { name: 'Lead notifications' })).toHaveCount(0);
    await page.getByLabel(/Sales Staff/).check();
    await expect(page.getByRole('heading', { name: 'Lead notifications' })).toBeVisible();
    await page.getByLabel('Send lead notifications by email').check();
    await expect(page.getByLabel('Notification email')).toHaveValue('nina@example.com');

    await page.getByRole('button', { name: 'Set a Temporary Password' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Password', { exact: true }).fill('Temp-pass-1');
    await modal.getByLabel('Confirm password').fill('Temp-pass-2');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText("Password doesn't match")).toBeVisible();
    await modal.getByLabel('Confirm password').fill('Temp-pass-1');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Temporary password set')).toBeVisible();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Agent added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/agents(\?|$)/);

    // The same name again: the server proposes another username.
    await page.goto('/agents/add');
    await page.getByLabel('First name').fill('Nina');
    await page.getByLabel('Last name').fill('Van Dyke');
    await page.getByLabel('Phone').pressSequentially('5551234568');
    await page.getByLabel('Email').fill('nina2@example.com');
    await page.getByLabel(/Sales Staff/).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Username already exists')).toBeVisible();
    await expect(page.getByLabel('Username')).not.toHaveValue('nina.vandyke');
    await expect(page.getByText(/Suggested username:/)).toBeVisible();

    // Delete the one added above, after the confirmation.
    await page.goto('/agents?search=vandyke');
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel('Select row nina.vandyke').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure you want to delete?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Successfully deleted')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
  });

  test('edits a staff member', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await page.goto('/agents/demo.sales');
    await expect(page.getByRole('heading', { name: 'Edit Staff' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('demo.sales');
    await expect(page.getByLabel('Username')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Resend Password Link' })).toBeVisible();
    await page.getByLabel('Phone').fill('');
    await page.getByLabel('Phone').pressSequentially('5559876543');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Updated successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Resend Password Link' }).click();
    await expect(page.getByText('Success resend email!')).toBeVisible();
  });

  test('your own account points to Edit profile instead of a temporary password', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await page.goto('/agents/demo.pm');
    await expect(page.getByRole('heading', { name: 'Edit Staff' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set a Temporary Password' })).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL(/\/account\/edit-profile$/);
  });
});
