import { expect, test, type Page } from '@playwright/test';
import { png, signIn } from './helpers';

const section = (page: Page, name: string) => page.getByRole('region', { name });

test.beforeEach(async ({ page }) => {
  await signIn(page, 'demo.pm');
});

test('sidebar lists the settings and training pages', async ({ page }) => {
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const path of [
    '/settings',
    '/pre-tour-survey',
    '/post-tour-survey',
    '/content-settings',
    '/disclosures',
    '/messaging',
    '/billing',
    '/training',
    '/sales-training',
  ])
    await expect(menu.locator(`a[href="${path}"]`)).toHaveCount(1);
  await menu.locator('a[href="/settings"]').click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Company Settings', level: 1 })).toBeVisible();
});

test('company settings: colours are checked, saved and the button preview follows', async ({ page }) => {
  await page.goto('/settings');
  const marketing = section(page, 'Marketing Settings');
  const primary = marketing.getByRole('textbox', { name: 'Primary Color', exact: true });
  await expect(primary).toHaveValue('#DB5C0E');

  await primary.fill('#12345');
  await marketing.getByRole('textbox', { name: 'Secondary Color', exact: true }).fill('white');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(marketing.getByText('Invalid HEX Format')).toHaveCount(2);

  await primary.fill('#1A2B3C');
  await marketing.getByRole('textbox', { name: 'Secondary Color', exact: true }).fill('#fff');
  const button = section(page, 'Website Marketing Button');
  await button.getByRole('textbox', { name: /Button Text/ }).fill('Book a Tour');
  await button.getByRole('textbox', { name: 'Background Color', exact: true }).fill('#0000ff');
  const preview = button.getByTestId('button-preview');
  await expect(preview).toHaveText('Book a Tour');
  await expect(preview).toHaveCSS('background-color', 'rgb(0, 0, 255)');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();

  await page.reload();
  await expect(
    section(page, 'Marketing Settings').getByRole('textbox', { name: 'Primary Color', exact: true }),
  ).toHaveValue('#1A2B3C');
  await expect(page.getByTestId('button-preview')).toHaveText('Book a Tour');
});

test('company settings: uploads a logo and refuses other files', async ({ page }) => {
  await page.goto('/settings');
  const company = section(page, 'Company Settings');
  await expect(company.getByText('No logo yet')).toBeVisible();
  const input = company.getByLabel('Logo file');

  // Named .png, but not an image: refused by its bytes.
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(company.getByText('Unsupported file type')).toBeVisible();

  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(16, [219, 92, 14]) });
  await expect(company.getByText('Sucessfully Uploaded')).toBeVisible();
  const logo = company.getByRole('img', { name: 'Company logo' });
  await expect(logo).toHaveAttribute('src', /\/api\/files\//);
  await expect.poll(() => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(16);

  await page.reload();
  await expect(section(page, 'Company Settings').getByRole('img', { name: 'Company logo' })).toBeVisible();
});

test('company settings: the time zone is saved on its own', async ({ page }) => {
  await page.goto('/settings');
  const zone = section(page, 'Tour Settings').getByRole('combobox', { name: 'Time Zone' });
  await expect(zone).toHaveText(/New York|Denver|Chicago|Los Angeles/);
  const next = (await zone.textContent()) === 'Denver' ? 'Los Angeles' : 'Denver';
  await zone.click();
  await page.getByRole('option', { name: next }).click();
  await expect(page.getByText('Timezone Saved!')).toBeVisible();
  await page.reload();
  await expect(section(page, 'Tour Settings').getByRole('combobox', { name: 'Time Zone' })).toHaveText(next);
});

test('content settings keep the tour-page texts, and visitors read them', async ({ page, browser }) => {
  await page.goto('/content-settings');
  const tourNow = section(page, 'Tour Now');
  // An empty text shows the wording visitors read instead.
  await expect(tourNow.getByRole('textbox', { name: 'Button' })).toHaveAttribute('placeholder', 'Tour Now');
  await tourNow.getByRole('textbox', { name: 'Title' }).fill('Tour this home now');
  const welcome = section(page, 'Self Tour Scheduling').getByRole('textbox', { name: 'Title', exact: true });
  await welcome.fill('See a Brightway home your way');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await page.reload();
  await expect(section(page, 'Tour Now').getByRole('textbox', { name: 'Title' })).toHaveValue('Tour this home now');

  // A visitor on one of the builder's homes open to tours reads the builder's welcome, and the
  // standard wording where it wrote none.
  await page.goto('/properties?lockDisposition=Accessible');
  await page.locator('tbody tr').first().click();
  const url = await page
    .getByRole('textbox', { name: /public/i })
    .first()
    .inputValue();
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 2, name: 'See a Brightway home your way' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Start touring' }).click();
  await expect(visitor.getByRole('region', { name: 'Self tours on your own time' })).toBeFocused();
  await visitor.close();

  // Put the welcome back to the standard wording for the other tests' visitors.
  await page.goto('/content-settings');
  await section(page, 'Self Tour Scheduling').getByRole('textbox', { name: 'Title', exact: true }).clear();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
});

test('a form with unsaved edits asks before they are lost', async ({ page }) => {
  await page.goto('/teams/add');
  await page.getByRole('textbox', { name: /Team Name/ }).fill('Weekend openers');
  await page.getByRole('button', { name: 'Go Back' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Your changes to the team are not saved.');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/teams\/add$/);
  await expect(page.getByRole('textbox', { name: /Team Name/ })).toHaveValue('Weekend openers');
  // The sidebar is a way out too; Discard changes takes it.
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/settings"]').click();
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // A page with nothing unsaved leaves without asking.
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/content-settings"]').click();
  await expect(page).toHaveURL(/\/content-settings$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('disclosure: off clears it, on needs a name and a text', async ({ page }) => {
  await page.goto('/disclosures');
  const toggle = page.getByRole('switch', { name: 'Custom disclosure' });
  const name = page.getByRole('textbox', { name: /Disclosure name/ });
  const text = page.getByRole('textbox', { name: /Disclosure text/ });
  await expect(toggle).not.toBeChecked();

  await toggle.check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Required field!')).toHaveCount(2);
  await name.fill('Model home rules');
  await text.fill('Please close every door behind you.');
  await expect(page.getByText('35/65000 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Saved!')).toBeVisible();

  await page.reload();
  await expect(toggle).toBeChecked();
  await expect(name).toHaveValue('Model home rules');

  await toggle.uncheck();
  await expect(name).toHaveValue('');
  await expect(text).toHaveValue('');
  await expect(name).toBeDisabled();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Saved!').first()).toBeVisible();

  await page.reload();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(name).toHaveValue('');
  await expect(name).toBeEnabled();
});

test('sales staff see the settings but cannot change them', async ({ page }) => {
  await page.getByRole('button', { name: 'Log out' }).click();
  // The app returns to sign-in itself; a navigation of our own would race with it.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'demo.sales', undefined, false);
  await page.goto('/disclosures');
  await page.getByRole('switch', { name: 'Custom disclosure' }).check();
  await page.getByRole('textbox', { name: /Disclosure name/ }).fill('Rules');
  await page.getByRole('textbox', { name: /Disclosure text/ }).fill('Text');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Only program managers can change settings')).toBeVisible();
});
