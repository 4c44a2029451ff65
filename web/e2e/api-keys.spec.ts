import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('makes an API key, reaches the public API with it, and removes it', async ({ page, request }) => {
  await signIn(page, 'demo.pm');
  await page.goto('/account');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page).toHaveURL(/\/account\/api-keys$/);
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  const clientId = await dialog.getByRole('textbox', { name: 'Client ID' }).inputValue();
  const secret = await dialog.getByRole('textbox', { name: 'Client secret' }).inputValue();
  expect(clientId).toMatch(/^td_/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: new RegExp(clientId) });
  await expect(row).toContainText('Paula Manning');

  const granted = await request.post('/api/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
  });
  expect(granted.status()).toBe(200);
  const { access_token: token } = await granted.json();
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/properties?limit=25', { headers })).status()).toBe(200);
  expect((await request.get('/api/agents', { headers })).status()).toBe(403);

  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('API key removed')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/properties?limit=25', { headers })).status()).toBe(401);
});
