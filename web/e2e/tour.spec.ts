import { expect, test } from '@playwright/test';
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
