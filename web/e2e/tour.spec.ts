import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { answerFirstChoices, verifiedVisitor } from './visitor';

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

  await expect(visitor.getByRole('radiogroup').first()).toBeVisible();
  await answerFirstChoices(visitor);
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await visitor.getByRole('button', { name: 'Tour Now' }).click();
  await expect(visitor.getByText(/^We're sorry, we can't offer you a self-tour of this home\./)).toBeVisible();
  await visitor.close();
});
