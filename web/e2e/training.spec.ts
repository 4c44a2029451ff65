import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'demo.pm');
});

test('training videos open in a modal with a placeholder when no media is configured', async ({ page }) => {
  await page.goto('/training');
  await expect(page.getByRole('heading', { name: 'Training', exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(10);
  await expect(page.getByTestId('builder-selector')).toHaveCount(0);
  await page.getByRole('article', { name: 'Creating teams' }).getByRole('button', { name: 'Watch Video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Creating teams' });
  await expect(dialog.getByText('This video is not available in this deployment.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('sales training: details, and a consultation request that only confirms', async ({ page }) => {
  await page.goto('/sales-training');
  await expect(page.getByRole('heading', { name: 'New Construction Sales Training' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('Lead Conversion');
  await expect(cards.first()).toContainText('Tourdesk Academy');

  await cards.first().getByRole('button', { name: 'Watch Video' }).click();
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
