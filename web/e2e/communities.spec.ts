import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

const NAME = 'Pine Hollow E2E';

/** Picks an option of an MUI select (a combobox with a listbox). */
async function choose(page: Page, label: RegExp, option: RegExp | string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

test('creates a community through the wizard, shows its QR and PNG, then edits and saves it', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.getByRole('navigation').getByRole('link', { name: 'Communities' }).click();
  await expect(page.getByRole('heading', { name: 'Communities', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/orderBy=modified_on/);
  await expect(page.getByRole('link', { name: 'Oak Ridge' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Community' }).click();
  await expect(page).toHaveURL(/\/communities\/add$/);
  await expect(page.getByRole('heading', { name: 'Add Community' })).toBeVisible();

  // The info step is checked before Next.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name is required field')).toBeVisible();
  await expect(page.getByText('Point person is a required field')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Community Info', level: 2 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Community Name' }).fill(NAME);
  await choose(page, /State\/Province/, 'Texas');
  await page.getByRole('textbox', { name: 'City' }).fill('Austin');
  await page.getByRole('textbox', { name: 'Zip' }).fill('78613');
  await choose(page, /Point Person to relay concerns/, /Paula Manning/);
  await page.getByRole('textbox', { name: /Sales Contact #/ }).fill('5553009999');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Tour Hours', level: 2 })).toBeVisible();
  await page.getByRole('switch', { name: 'Default' }).click();
  await choose(page, /^Monday start$/, '9:00 AM');
  await page.getByRole('button', { name: 'Copy to All' }).click();
  await expect(page.getByRole('combobox', { name: 'Friday start' })).toHaveText('9:00 AM');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Staff (Add Users and Teams)', level: 2 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Available Agents' }).click();
  await page.getByRole('option', { name: /Sam Sellers/ }).click();
  await expect(page.getByRole('list', { name: 'Assigned agents' }).getByText('Sam Sellers')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Integrations', level: 2 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Manually Create a Property/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Automations', level: 2 })).toBeVisible();
  const trade = page.getByRole('textbox', { name: 'Trade Code' });
  await trade.pressSequentially('12ab');
  await expect(trade).toHaveValue('12');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Trade code are must have between 4-8 digits! Empty slots are acceptable')).toBeVisible();
  await trade.fill('4321');
  await page.getByRole('switch', { name: 'Staff Hours' }).click();
  await expect(page.getByRole('combobox', { name: 'Auto-lock interval' })).toHaveText('10 min');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/communities(\?|$)/);
  await expect(page.getByText('Saved!')).toBeVisible();

  // Open it from the list.
  await page.getByPlaceholder('Search all communities').fill('Pine Hollow');
  // Wait for the debounced search to land in the URL before leaving the list.
  await expect(page).toHaveURL(/search=Pine/);
  const link = page.getByRole('link', { name: NAME });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/communities\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').pop();
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Community ID', exact: true })).toHaveValue(id ?? '');
  await expect(page.getByRole('textbox', { name: 'Trade Code' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Tuesday start' })).toHaveText('9:00 AM');

  // Its QR code and the PNG.
  const publicUrl = page.getByRole('textbox', { name: 'Public web page URL' });
  // This server's own tour pages are the public site.
  await expect(publicUrl).toHaveValue(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/tour/.+/community/${id}$`));
  await page.getByRole('tab', { name: 'QR Code' }).click();
  await expect(page.getByRole('img', { name: `QR code of ${NAME}` })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PNG' }).first().click(),
  ]);
  expect(download.suggestedFilename()).toBe('pine-hollow-e2e-qr.png');
  const png = await readFile((await download.path()) ?? '');
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  const [vector] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download SVG for print' }).first().click(),
  ]);
  expect(vector.suggestedFilename()).toBe('pine-hollow-e2e-qr.svg');
  expect(await readFile((await vector.path()) ?? '', 'utf8')).toMatch(/^<svg[^>]*viewBox/);

  // Edit and save.
  await page.getByRole('tab', { name: 'Automations' }).click();
  await expect(page.getByRole('textbox', { name: 'Trade Code' })).toHaveValue('4321');
  await page.getByRole('textbox', { name: 'City' }).fill('Round Rock');
  await page.getByRole('textbox', { name: 'Additional Notes' }).fill('Gate code at the sales office');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/communities(\?|$)/);
  // The wizard's snackbar may still be showing: the newest one is the edit's.
  await expect(page.getByText('Saved!').last()).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toContainText('Round Rock');
});

test('refuses to delete a community that still has homes', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.goto('/communities?search=Oak%20Ridge');
  const row = page.getByRole('row', { name: /Oak Ridge/ });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText("Remove or move the community's properties first")).toBeVisible();
});
