import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'demo.pm');
});

test('with no videos configured, each training topic is a written guide linking the real screens', async ({ page }) => {
  await page.goto('/training');
  await expect(page.getByRole('heading', { name: 'Training', exact: true })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(10);
  await expect(page.getByTestId('builder-selector')).toHaveCount(0);
  // Every topic of the server's catalogue has its guide.
  for (let n = 0; n < 10; n++) {
    const card = cards.nth(n);
    const title = (await card.getByRole('heading').textContent())!;
    await card.getByRole('button', { name: 'Read Guide' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('list', { name: 'Step by step' }).getByRole('listitem').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
  await page.getByRole('article', { name: 'Creating teams' }).getByRole('button', { name: 'Read Guide' }).click();
  await page.getByRole('dialog', { name: 'Creating teams' }).getByRole('link', { name: 'Open Add New Team' }).click();
  await expect(page).toHaveURL(/\/teams\/add$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('sales training: details, and a consultation request that only confirms', async ({ page }) => {
  await page.goto('/sales-training');
  await expect(page.getByRole('heading', { name: 'New Construction Sales Training' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('Lead Conversion');
  // No presenter is configured, so none is shown (none is invented).
  await expect(cards.first().getByRole('link')).toHaveCount(0);

  await cards.first().getByRole('button', { name: 'Read Guide' }).click();
  const video = page.getByRole('dialog');
  await expect(video.getByRole('button', { name: 'Download Resources' })).toBeDisabled();
  await video.getByRole('button', { name: 'Schedule Consultation' }).click();

  const form = page.getByRole('dialog', { name: 'Schedule Consultation' });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await expect(form.getByText('Preferred time is required')).toBeVisible();
  await form.getByRole('textbox', { name: /Full name/ }).fill('Pat Morgan');
  await form.getByRole('textbox', { name: /Email/ }).fill('pat@example.com');
  await form.getByRole('textbox', { name: /Phone/ }).fill('5551234567');
  await form.getByRole('textbox', { name: /Company/ }).fill('Brightway Homes');
  await form.getByLabel(/Preferred date/).fill('2030-05-01');
  await form.getByRole('combobox', { name: /Preferred time/ }).click();
  await page.getByRole('option', { name: 'Afternoon (1PM-5PM)' }).click();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Consultation request submitted!')).toBeVisible();
  await expect(form).toBeHidden();
});
