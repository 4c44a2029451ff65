import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback (the e2e server may send there: TOURDESK_OUTBOUND_ALLOW). */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => server.close() };
}

/** Checks a Standard Webhooks signature: `v1,` and the HMAC-SHA256 of `id.timestamp.body`. */
function signedWith(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`)
    .digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

test('adds a signed webhook, sends it a test event, reads the log and deletes it', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, 'demo.pm');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/webhooks\?.*orderBy=created_on/);
    await page.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(page.getByRole('heading', { name: 'Add Webhook' })).toBeVisible();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Required field', { exact: true })).toHaveCount(2);

    await page.getByRole('textbox', { name: 'Payload URL' }).fill('http://10.0.0.7/hook');
    await page.getByRole('combobox', { name: 'Event Type' }).click();
    await page.getByRole('option', { name: 'tours.disable' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('textbox', { name: 'Payload URL' })).toHaveAccessibleDescription(
      /10\.0\.0\.7 is an internal address/,
    );

    await page.getByRole('textbox', { name: 'Payload URL' }).fill(receiver.url);
    await page.getByRole('button', { name: 'Generate' }).click();
    const secretField = page.getByRole('textbox', { name: 'Secret' });
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/webhooks\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Edit Webhook' })).toBeVisible();
    await expect(page.getByText('No deliveries yet.', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Send test event' }).click();
    const log = page.getByRole('table', { name: 'Deliveries' });
    await expect(log.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(signedWith(secret, delivery)).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'tours.disable', data: { test: true } });
    await log.getByRole('button', { name: 'Show attempts' }).click();
    await expect(page.getByRole('table', { name: /Attempts of msg_test_/ }).getByText('200')).toBeVisible();

    await page.getByRole('button', { name: 'Go Back' }).click();
    const row = page.getByRole('row', { name: new RegExp(receiver.url.replace(/[.]/g, '\\.')) });
    await expect(row).toContainText('tours.disable');
    await expect(row).toContainText('Active');
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Successfully deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    receiver.close();
  }
});
