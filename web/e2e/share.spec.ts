import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** Opens Share, chooses how to book, and fills the customer and the first home offered. */
async function startInvite(page: Page, booking: RegExp, lastname: string, phone: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/share"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: booking }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Customer Details' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Eve');
  await page.getByRole('textbox', { name: 'Last Name' }).fill(lastname);
  await page.getByRole('textbox', { name: 'Phone' }).pressSequentially(phone);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${lastname.toLowerCase()}@example.com`);
  await page.getByRole('combobox', { name: 'Property' }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Property' })).not.toHaveValue('');
}

test('staff share a scheduled tour invite, and the visit is on the scheduled visits list', async ({ page }) => {
  const lastname = `Invitee${Date.now() % 100000}`;
  await signIn(page, 'demo.pm');
  await startInvite(page, /Send Scheduled Tour Invite/, lastname, '5558880001');
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await page.getByLabel(/Visit Date/).fill(day);
  await page.getByRole('combobox', { name: 'Visit Time' }).click();
  await page.getByRole('option', { name: '10:00 AM' }).click();
  // Save only once the time list has closed on the chosen time, or the click may land on its backdrop.
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Visit Time' })).toHaveText('10:00 AM');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Scheduled tour invite sent to Eve ${lastname}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Book a tour' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/schedule-visit"]').click();
  await page.getByPlaceholder(/Search/).fill(lastname);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('created');
});

test('staff share a verified account; the admin reads the texted sign-in in the outbox', async ({ page }) => {
  const lastname = `Verified${Date.now() % 100000}`;
  await signIn(page, 'demo.pm');
  await startInvite(page, /Create Verified account/, lastname, '5558880002');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Verified account sent to Eve ${lastname}`)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/customers"]').click();
  await page.getByPlaceholder(/Search/).fill(lastname);
  await expect(page.locator('tbody tr')).toHaveCount(1);

  await page.getByRole('button', { name: /log out/i }).click();
  await signIn(page, 'demo.admin', undefined, false);
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox', exact: true })).toBeVisible();
  await page.getByPlaceholder(/Search/).fill(`${lastname.toLowerCase()}@example.com`);
  const text = page.locator('tbody tr', { hasText: '555-888-0002' });
  await expect(text).toContainText(`username ${lastname.toLowerCase()}@example.com, password`);
  await expect(text).toContainText('Sent');
  const mail = page.locator('tbody tr', { hasText: 'Your self-tour account with' });
  await expect(mail).toBeVisible();
});
