import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'tourdesk-demo';

/** Signs in from /login (or wherever the app sent the browser) and waits for the page to leave /login. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, goto = true) {
  if (goto) await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname;
}

export function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}
