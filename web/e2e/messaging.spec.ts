import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('follow-up texts: counter, Submit rule, @ variables and the community preview', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.goto('/messaging');
  await expect(page.getByRole('heading', { name: 'Follow Up Texts to Visitors' })).toBeVisible();
  const after = page.getByRole('region', { name: 'After Tour' });
  const submit = page.getByRole('button', { name: 'Submit' });

  await after.getByRole('switch', { name: 'After Tour message' }).check();
  await expect(after.getByRole('combobox', { name: 'Interval' })).toHaveText('30 minutes');
  const text = after.getByLabel('After Tour text');
  await text.fill('a'.repeat(241));
  const counter = after.getByText('241/240 characters');
  await expect(counter).toBeVisible();
  await expect(counter).toHaveCSS('color', 'rgb(211, 47, 47)');
  await expect(submit).toBeDisabled();
  await text.fill('a'.repeat(240));
  await expect(after.getByText('240/240 characters')).toBeVisible();
  await expect(submit).toBeDisabled();

  await text.fill('Thanks for touring ');
  await expect(submit).toBeEnabled();
  await text.press('End');
  await text.pressSequentially('@comm');
  const list = page.getByRole('listbox', { name: 'Variables' });
  await expect(list).toBeVisible();
  await expect(list).toHaveCSS('max-height', '400px');
  await list.getByRole('option', { name: /community_name/ }).click();
  await expect(text).toHaveValue('Thanks for touring {{community_name}}');

  await page.getByRole('combobox', { name: 'Select Community Preview' }).click();
  await page.getByRole('option', { name: 'Oak Ridge' }).click();
  await expect(page.getByTestId('after-preview')).toHaveText('Thanks for touring Oak Ridge');
  await expect(page.getByRole('table', { name: 'Variables' })).toContainText('Brightway Homes');
  // A property's values fill the property variables.
  await page.getByRole('combobox', { name: 'Select Property Preview' }).fill('Juniper');
  await page.getByRole('option', { name: /100 Juniper Lane/ }).click();
  await expect(page.getByRole('row', { name: /property_address/ })).toContainText('Juniper Lane');

  await after.getByRole('combobox', { name: 'Interval' }).click();
  await page.getByRole('option', { name: '60 seconds' }).click();
  await submit.click();
  await expect(page.getByText('Saved!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('After Tour text')).toHaveValue('Thanks for touring {{community_name}}');
  await expect(page.getByRole('region', { name: 'After Tour' }).getByRole('combobox', { name: 'Interval' })).toHaveText(
    '60 seconds',
  );
  await expect(page.getByRole('switch', { name: 'During Tour message' })).not.toBeChecked();
});
