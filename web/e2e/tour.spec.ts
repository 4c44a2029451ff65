import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

test('a home’s public address from the console opens its tour page, and its community lists it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'demo.pm');
  // An Accessible home: open to tours, so its community lists it.
  await page.goto('/properties?lockDisposition=Accessible');
  await page.locator('tbody tr').first().click();
  await expect(page).toHaveURL(/\/properties\/\d+$/);
  const address = page.getByRole('textbox', { name: /public/i }).first();
  const url = await address.inputValue();
  expect(url).toMatch(/\/tour\/[^/]+\/property\/\d+$/);

  // A visitor: no session, a phone.
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(url);
  const title = visitor.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const home = (await title.textContent())!;
  await expect(visitor.getByRole('table', { name: 'Self-tour hours' }).getByRole('row')).toHaveCount(7);
  await visitor.getByRole('link', { name: /^More homes in / }).click();
  await expect(visitor).toHaveURL(/\/tour\/[^/]+\/community\/\d+$/);
  await expect(visitor.getByRole('heading', { level: 2, name: 'Homes open to self-tours' })).toBeVisible();
  const listed = visitor.getByRole('link', { name: new RegExp(home.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await listed.first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: home })).toBeVisible();
  await visitor.close();
});

/** A visitor on an Accessible home's tour page, at a phone's width, verified with the code read
 *  from the admins' outbox; staff (demo.pm) stay signed in on `page`. */
async function verifiedVisitor(page: Page, browser: Browser, surname: string) {
  const phone = `555${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const shown = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
  const lastname = `${surname}${Date.now() % 100000}`;
  await signIn(page, 'demo.pm');
  await page.goto('/properties?lockDisposition=Accessible');
  await page.locator('tbody tr').first().click();
  const url = await page
    .getByRole('textbox', { name: /public/i })
    .first()
    .inputValue();

  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(url);
  await visitor.getByRole('textbox', { name: 'First Name' }).fill('Wren');
  await visitor.getByRole('textbox', { name: 'Last Name' }).fill(lastname);
  await visitor.getByRole('textbox', { name: 'Phone' }).pressSequentially(phone);
  await visitor.getByRole('textbox', { name: 'Email' }).fill(`${lastname.toLowerCase()}@example.com`);
  await visitor.getByRole('checkbox').check();
  await visitor.getByRole('button', { name: 'Text me a code' }).click();
  await expect(visitor.getByText(`We texted a code to ***-***-${phone.slice(6)}`)).toBeVisible();

  // The code, read where this install's texts go: the outbox, as a platform admin.
  const admin = await browser.newPage();
  await signIn(admin, 'demo.admin');
  await admin.goto('/outbox');
  await admin.getByPlaceholder(/Search/).fill(shown);
  const text = admin.locator('tbody tr', { hasText: 'self-tour code' }).first();
  await expect(text).toBeVisible();
  const code = /(\d{6}) is your/.exec((await text.textContent())!)![1];
  await admin.close();

  await visitor.getByRole('textbox', { name: 'Code' }).fill(code);
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor.getByRole('heading', { name: "You're verified, Wren" })).toBeVisible();
  return { visitor, lastname };
}

test('a visitor verifies with the code texted to them, and staff see the new customer', async ({ page, browser }) => {
  const { visitor, lastname } = await verifiedVisitor(page, browser, 'Walker');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: "You're verified, Wren" })).toBeVisible();

  // The builder's pre-tour questions (the demo's: a choice in each), then the tour itself.
  await expect(visitor.getByRole('heading', { name: 'A few questions before your tour' })).toBeVisible();
  const groups = visitor.getByRole('radiogroup');
  const asked = await groups.count();
  expect(asked).toBeGreaterThan(0);
  for (let n = 0; n < asked; n++) await groups.nth(n).getByRole('radio').first().check();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByRole('button', { name: 'Tour Now' })).toBeVisible();
  await visitor.close();

  // Staff (the sidebar is folded away at a phone's width).
  await page.goto('/customers');
  await page.getByPlaceholder(/Search/).fill(lastname);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.locator('tbody tr').first().click();
  await page.getByRole('tab', { name: 'Survey' }).click();
  // The demo builder's first question, answered with its first choice.
  await expect(page.getByRole('term').filter({ hasText: 'Do you currently own, rent' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Own$/ })).toBeVisible();
});

test('a blacklisted visitor is refused a tour politely', async ({ page, browser }) => {
  const { visitor, lastname } = await verifiedVisitor(page, browser, 'Barred');
  await page.goto('/customers');
  await page.getByPlaceholder(/Search/).fill(lastname);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.locator('tbody tr').first().click();
  await page.getByRole('switch', { name: 'Blacklisted' }).click();
  await expect(page.getByRole('switch', { name: 'Blacklisted' })).toBeChecked();

  const groups = visitor.getByRole('radiogroup');
  await expect(groups.first()).toBeVisible();
  for (let n = 0; n < (await groups.count()); n++) await groups.nth(n).getByRole('radio').first().check();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await visitor.getByRole('button', { name: 'Tour Now' }).click();
  await expect(visitor.getByText(/^We're sorry, we can't offer you a self-tour of this home\./)).toBeVisible();
  await visitor.close();
});
