// The visitor's steps the tour tests share.
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** A visitor on a home's tour page (`home`, else an Accessible home's), at a phone's width,
 *  verified with the code read from the admins' outbox; staff (demo.pm) stay signed in on `page`. */
export async function verifiedVisitor(page: Page, browser: Browser, surname: string, home?: string) {
  const phone = `555${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const shown = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
  const lastname = `${surname}${Date.now() % 100000}`;
  await signIn(page, 'demo.pm');
  let url = home;
  if (!url) {
    await page.goto('/properties?lockDisposition=Accessible');
    await page.locator('tbody tr').first().click();
    url = await page
      .getByRole('textbox', { name: /public/i })
      .first()
      .inputValue();
  }

  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(url);
  await visitor.getByRole('textbox', { name: 'First Name' }).fill('Wren');
  await visitor.getByRole('textbox', { name: 'Last Name' }).fill(lastname);
  await visitor.getByRole('textbox', { name: 'Phone' }).pressSequentially(phone);
  await visitor.getByRole('textbox', { name: 'Email' }).fill(`${lastname.toLowerCase()}@example.com`);
  await visitor.getByRole('checkbox').check();
  await visitor.getByRole('button', { name: 'Text me a code' }).click();
  await expect(visitor.getByText(`We texted a code to ***-***-${phone.slice(6)}`)).toBeVisible();

  // The code, read where this install's texts go: the outbox, as a platform admin.
  const admin = await browser.newPage();
  await signIn(admin, 'demo.admin');
  await admin.goto('/outbox');
  await admin.getByPlaceholder(/Search/).fill(shown);
  const text = admin.locator('tbody tr', { hasText: 'self-tour code' }).first();
  await expect(text).toBeVisible();
  const code = /(\d{6}) is your/.exec((await text.textContent())!)![1];
  await admin.close();

  await visitor.getByRole('textbox', { name: 'Code' }).fill(code);
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect(visitor.getByRole('heading', { name: "You're verified, Wren" })).toBeVisible();
  return { visitor, lastname, phone: shown };
}

/** Answers each of the builder's questions on the page (or in a part of it) with its first choice. */
export async function answerFirstChoices(scope: Page | Locator) {
  const groups = scope.getByRole('radiogroup');
  for (let n = 0; n < (await groups.count()); n++) await groups.nth(n).getByRole('radio').first().check();
}
