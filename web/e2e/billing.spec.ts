import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('the billing page shows the balance and history, filters it, pays and views an invoice', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/billing"]').click();
  await page.mouse.move(900, 500);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing Information' })).toBeVisible();
  await expect(page.getByTestId('current-balance')).toHaveText(/^\$[\d,]+\.\d\d$/);
  const history = page.getByRole('table', { name: 'Invoice History' });
  await expect(history.getByRole('button', { name: 'View' })).toHaveCount(6);

  // Last month's invoice is overdue: Pay shows how to pay, and records nothing.
  const overdue = history.locator('tr', { hasText: 'Overdue' }).first();
  await overdue.getByRole('button', { name: 'Pay' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Contact your Tourdesk account manager');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Line items open under their invoice.
  await overdue.getByRole('button', { name: /Show line items/ }).click();
  await expect(page.getByRole('table', { name: /Line items of/ })).toContainText('Self-Tour Subscription');

  // View opens the invoice's PDF in a new tab.
  const tab = page.waitForEvent('popup');
  await overdue.getByRole('button', { name: 'View' }).click();
  const pdf = await tab;
  await expect.poll(() => pdf.url()).toMatch(/\/api\/billing\/invoice\/\d+\/pdf\?grant=/);

  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(history.getByText('Paid', { exact: true })).toHaveCount(4);
  await expect(history.getByText('Overdue')).toHaveCount(0);
  await page.getByRole('button', { name: 'Unpaid' }).click();
  await expect(history.getByRole('button', { name: 'View' })).toHaveCount(2);
});

test('an admin acting as a program manager opens a past-due invoice and records its payment', async ({ page }) => {
  await signIn(page, 'demo.admin');
  await expect(page).toHaveURL(/\/choose_PM$/);
  await page.getByLabel('Builder').fill('cedar');
  await page.getByRole('option', { name: 'Cedar Ridge Builders' }).click();
  await page.getByLabel('Program manager').click();
  await page.getByRole('option', { name: /Connor/ }).click();
  await page.getByRole('button', { name: /Sign in as Connor/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/account/billing');
  await expect(page).toHaveURL(/\/account\/billing\/invoices$/);
  await page.getByRole('tab', { name: 'Past Due' }).click();
  await expect(page).toHaveURL(/\/account\/billing\/past-due$/);
  const first = page.getByRole('table', { name: 'Invoice History' }).locator('tbody tr').first();
  // The router renders the new tab in a transition, after the address has changed: until then the
  // rows are the Invoices tab's.
  await expect(first.getByRole('link')).toHaveAttribute('href', /\/account\/billing\/past-due\/\d+$/);
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/billing\/past-due\/\d+$/);
  const sheet = page.getByLabel(/^Invoice TD-/);
  await expect(sheet).toContainText('Bill To');
  await expect(sheet).toContainText('Cedar Ridge Builders');
  await expect(sheet).toContainText('Net 15');
  await expect(sheet).toContainText('Balance Due');

  const form = page.getByRole('region', { name: 'Record a payment' });
  const owed = (await page.getByTestId('balance-due').textContent())!;
  await form.getByLabel('Amount').fill(owed);
  await form.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(page.getByTestId('balance-due')).toHaveText('$0.00');
  await expect(sheet).toContainText('Paid');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/account\/billing\/past-due$/);
});
