import { expect, test, type Page } from '@playwright/test';
import { csvLines, png, signIn } from './helpers';

const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

/** Picks an option of a select or autocomplete; a click lost while the menu still opens is repeated. */
async function choose(page: Page, field: string, option: string) {
  const box = combobox(page, field);
  await box.click();
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if (await listbox.isVisible())
      await listbox.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(listbox).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'demo.pm');
});

test('creates a property with the wizard, edits it, sells it and adds a photo', async ({ page }) => {
  // One long flow through four screens.
  test.slow();
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/properties"]').click();
  // The dashboard's Active and Sold Properties headings stay until the list has loaded.
  await expect(page).toHaveURL(/\/properties\?.*orderBy=modified_on/);
  await expect(page.getByRole('heading', { name: 'Properties', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add property' }).click();
  await expect(page).toHaveURL(/\/properties\/add$/);
  for (const step of ['Property Info', 'Add Users & Teams', 'Tour Hours', 'Automations'])
    await expect(page.getByText(step, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Integrations', { exact: true })).toHaveCount(0);

  // Step 1 is checked before moving on.
  await page.getByRole('button', { name: 'Next' }).click();
  for (const message of [
    'community required',
    'Address field is required',
    'City field is required',
    'Zipcode field is required',
    'Bedrooms field is required',
    'Square Footage field is required',
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();

  // The community fills the subdivision and the address parts.
  await choose(page, 'Community', 'Oak Ridge');
  await expect(page.getByLabel('City')).toHaveValue('Austin');
  await expect(page.getByLabel('Zipcode')).toHaveValue('78701');
  await expect(page.getByLabel('Subdivision')).toHaveValue('Oak Ridge');
  await page.getByLabel('Lot #').fill('99');
  await page.getByLabel('Address').fill('7 Playwright Way');
  await page.getByLabel('Price').fill('45a0000');
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Full Bathrooms').fill('2');
  await page.getByLabel('Half Bathrooms').fill('1');
  await page.getByLabel('Square Footage').fill('2000');
  await expect(page.getByLabel('Price')).toHaveValue('$450,000');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2 needs a project manager: the program manager adding the home is one to start with.
  await expect(page.getByRole('heading', { name: 'Add Users & Teams' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Assigned agents' }).getByText('PM', { exact: true })).toBeVisible();
  const paulaIsPm = page.getByRole('checkbox', { name: 'Paula Manning is project manager' });
  await paulaIsPm.uncheck();
  await expect(page.getByText(/A PM is required to be assigned!/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Add Users & Teams' })).toBeVisible();
  await expect(page.getByText(/A PM is required to be assigned!/)).toHaveCount(1);
  await paulaIsPm.check();
  await expect(page.getByText(/A PM is required to be assigned!/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Tour Hours' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Automations is the last step for a sales builder's program manager: it saves.
  await expect(page.getByRole('heading', { name: 'Automations' })).toBeVisible();
  await expect(page.getByLabel('Property Master Code')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/properties\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Lot 99 · 7 Playwright Way, Austin' })).toBeVisible();
  await expect(page.getByText('Created', { exact: true }).first()).toBeVisible();

  // Edit: the card's rules block the save; a valid one is saved.
  const card = page.getByRole('form', { name: 'Property info' });
  await card.getByLabel('Address').fill('');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Address is required')).toBeVisible();
  await card.getByLabel('Address').fill('9 Playwright Way');
  await card.getByLabel('Bedrooms').fill('4');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lot 99 · 9 Playwright Way, Austin' })).toBeVisible();

  // Sold: the contract date appears, and the property is retired.
  await choose(page, 'Status', 'Sold');
  await card.getByLabel('Contract Date').fill('2026-12-01');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully').first()).toBeVisible();
  await expect(page.locator('h1 + .MuiChip-root')).toHaveText('Sold');
  await page.reload();
  await expect(combobox(page, 'Status')).toHaveText('Sold');
  await expect(card.getByLabel('Contract Date')).toHaveValue('2026-12-01');

  // Gallery: a file that is no image is refused before uploading; a PNG is uploaded.
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await expect(page.getByRole('table', { name: 'Photos' }).getByText('No record exist!')).toBeVisible();
  await page.getByRole('button', { name: 'Add Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Photo' });
  await expect(dialog.getByLabel('Position')).toHaveValue('1');
  await dialog.getByLabel('Photo file').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(dialog.getByText('Unsupported file type')).toBeVisible();
  await dialog.getByLabel('Photo file').setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: png(48, [219, 92, 14]),
  });
  await expect(dialog.getByText('Sucessfully Uploaded')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('photo')).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
});

test('exports the selected properties as CSV', async ({ page }) => {
  await page.goto('/properties?search=Juniper');
  const row = page.getByRole('row', { name: /100 Juniper Lane/ });
  await row.getByRole('checkbox').check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('properties-export.csv');
  const lines = await csvLines(await file.path());
  expect(lines[0]).toContain('Lot #');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('100 Juniper Lane');
  expect(lines[1]).toContain('Oak Ridge');
});

test('filters the list by status', async ({ page }) => {
  await page.goto('/properties');
  await page.getByRole('button', { name: 'Filter' }).click();
  await choose(page, 'Status', 'Under Contract');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/lockDisposition=Under\+Contract/);
  const statuses = page.locator('tbody tr td:nth-child(8)');
  await expect(statuses.first()).toHaveText('Under Contract');
  for (const text of await statuses.allTextContents()) expect(text).toBe('Under Contract');
});

test('the dashboard shows its charts', async ({ page }) => {
  await page.goto('/dashboard');
  for (const name of ['Daily Visits', 'Monthly Visits']) {
    const chart = page.getByRole('region', { name, exact: true });
    await expect(chart.locator('.recharts-line-curve')).toBeVisible();
  }
});
