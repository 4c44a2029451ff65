import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/** Two homes of Stone Bridge (a demo community) and one without its street, as BDX. */
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<Builders><Corporation><CorporateBuilderNumber>E2E</CorporateBuilderNumber>
<Builder><BuilderNumber>E2E-1</BuilderNumber>
<Subdivision><SubdivisionName>Stone Bridge</SubdivisionName>
<SalesOffice><Address><City>Georgetown</City><State>TX</State><ZIP>78626</ZIP></Address></SalesOffice>
<Plan><PlanName>The Juniper</PlanName><BasePrice>420000</BasePrice><Bedrooms>3</Bedrooms><Baths>2</Baths>
<Spec><SpecNumber>E2E-100</SpecNumber><SpecAddress><SpecStreet1>100 Playwright Pass</SpecStreet1></SpecAddress></Spec>
<Spec><SpecNumber>E2E-101</SpecNumber><SpecAddress><SpecStreet1>102 Playwright Pass</SpecStreet1></SpecAddress><SpecPrice>431000</SpecPrice></Spec>
<Spec><SpecNumber>E2E-102</SpecNumber></Spec>
</Plan></Subdivision></Builder></Corporation></Builders>`;

/** A feed server on loopback that wants a user and password (the e2e server may read from it). */
async function startFeedServer() {
  let requests = 0;
  const server = createServer((req, res) => {
    requests += 1;
    if (req.headers.authorization !== `Basic ${Buffer.from('feeds:s3cret').toString('base64')}`) {
      res.writeHead(401).end('who are you');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/xml' }).end(FEED);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/bdx.xml`, requests: () => requests, close: () => server.close() };
}

test('requests an integration and turns the nightly sync off and on', async ({ page }) => {
  await signIn(page, 'demo.pm');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { name: 'Integrations', exact: true })).toBeVisible();
  // The sidebar opens under the pointer: leave it.
  await page.mouse.move(900, 500);

  await page.getByPlaceholder('Search integrations').fill('hubspot');
  const card = page.getByRole('region', { name: 'HubSpot' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('region', { name: 'Salesforce' })).toHaveCount(0);
  const send = card.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await card.getByRole('textbox', { name: 'Your request' }).fill('Create HubSpot contacts from our visitors');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Your request has been sent')).toBeVisible();
  await expect(card.getByText(/Requested by /)).toBeVisible();
  await page.getByPlaceholder('Search integrations').fill('');

  const nightly = page.getByRole('switch', { name: 'Nightly listing sync' });
  await expect(nightly).toBeChecked();
  await nightly.click();
  await expect(page.getByText('Nightly listing sync is off', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Nightly listing sync' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Nightly listing sync' }).click();
  await expect(page.getByText('Nightly listing sync is on', { exact: true })).toBeVisible();
});

test('saves the feed settings, syncs the feed and finds its homes', async ({ page }) => {
  const feeds = await startFeedServer();
  try {
    await signIn(page, 'demo.pm');
    await page.goto('/integrations');
    const form = page.getByRole('form', { name: 'Feed settings' });
    await expect(form.getByRole('checkbox', { name: 'External Identifier' })).toBeDisabled();
    await expect(form.getByRole('checkbox', { name: 'External Identifier' })).toBeChecked();

    await form.getByRole('textbox', { name: 'Feed URL' }).fill('http://10.0.0.9/bdx.xml');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('textbox', { name: 'Feed URL' })).toHaveAccessibleDescription(
      /10\.0\.0\.9 is an internal address/,
    );

    await form.getByRole('textbox', { name: 'Feed URL' }).fill(feeds.url);
    await form.getByRole('textbox', { name: 'Feed Username' }).fill('feeds');
    await form.getByLabel('Feed Password').fill('s3cret');
    await form.getByRole('checkbox', { name: 'Price' }).check();
    await form.getByRole('checkbox', { name: 'Marketing Name' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Feed settings saved')).toBeVisible();
    await page.reload();
    await expect(form.getByText(/A password is saved/)).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'Price' })).toBeChecked();

    await form.getByRole('button', { name: 'Sync now' }).click();
    const summary = 'Feed synced: 2 created, 0 updated, 0 unchanged, 1 rejected';
    await expect(page.getByText(summary).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rejected homes' }).getByText('Missing Street Address')).toBeVisible();
    expect(feeds.requests()).toBe(1);

    // Again: nothing changes.
    await form.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText('Feed synced: 0 created, 0 updated, 2 unchanged, 1 rejected').first()).toBeVisible();

    await page.goto('/properties');
    await page
      .getByPlaceholder(/Search/)
      .first()
      .fill('Playwright Pass');
    await expect(page.getByText('102 Playwright Pass')).toBeVisible();
    await expect(page.getByText('100 Playwright Pass')).toBeVisible();
  } finally {
    feeds.close();
  }
});
