import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';

test.describe('sign-in', () => {
  test('shows the sign-in page with Sign In disabled until both fields are filled', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const button = page.getByRole('button', { name: 'Sign In' });
    await expect(button).toBeDisabled();
    await page.getByLabel('Username').fill('demo.pm');
    await expect(button).toBeDisabled();
    await page.getByLabel('Password').fill('x');
    await expect(button).toBeEnabled();
  });

  test('a wrong password says Invalid usersname or password', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('rental.pm');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid usersname or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown user says User not found', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('nobody.here');
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('User not found')).toBeVisible();
  });

  test('the program manager lands on the dashboard with Staff and Teams in the menu', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Paula Manning');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Staff' })).toBeAttached();
    await expect(menu.getByRole('link', { name: 'Teams' })).toBeAttached();
    await expect(page.getByTestId('builder-selector')).toHaveCount(0);
  });

  test('sales staff land on the dashboard without Staff, and /agents is not for them', async ({ page }) => {
    await signIn(page, 'demo.sales');
    await expect(page).toHaveURL(/\/dashboard$/);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Teams' })).toBeAttached();
    await expect(menu.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await page.goto('/agents');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the rental program manager lands on the dashboard', async ({ page }) => {
    await signIn(page, 'rental.pm');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Rita Rentals');
  });

  test('the enterprise user lands on the dashboard with the builder selector', async ({ page }) => {
    await signIn(page, 'demo.enterprise');
    await expect(page).toHaveURL(/\/dashboard$/);
    const selector = page.getByTestId('builder-selector').getByRole('combobox');
    await expect(selector).toBeVisible();
    await expect(selector).toHaveText(/All Builders/);
    await selector.click();
    await expect(page.getByRole('option', { name: 'Brightway Homes' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Brightway Rentals' })).toBeVisible();
    await page.getByRole('option', { name: 'Brightway Rentals' }).click();
    await expect(selector).toHaveText(/Brightway Rentals/);
  });

  test('the platform admin chooses a builder and a PM, then acts as that PM', async ({ page }) => {
    await signIn(page, 'demo.admin');
    await expect(page).toHaveURL(/\/choose_PM$/);
    // Acting as nobody, the admin is held to the choice.
    await page.goto('/properties');
    await expect(page).toHaveURL(/\/choose_PM$/);
    // The picker searches the server as the admin types.
    await page.getByLabel('Builder').fill('homes');
    await expect(page.getByRole('option', { name: 'Brightway Rentals' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Brightway Homes' }).click();
    await page.getByLabel('Program manager').click();
    await page.getByRole('option', { name: /Paula Manning/ }).click();
    await page.getByRole('button', { name: 'Sign in as Paula Manning' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Paula Manning');
    // Every screen says whom the admin acts as, with the way back.
    const bar = page.getByRole('region', { name: 'Acting as' });
    await expect(bar).toHaveText(/demo\.admin is acting as Paula Manning of Brightway Homes\./);
    await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/properties"]').click();
    await expect(bar).toBeVisible();
    await bar.getByRole('button', { name: 'Back to admin' }).click();
    await expect(page).toHaveURL(/\/choose_PM$/);
    await expect(page.getByLabel('Builder')).toBeVisible();
  });

  test('a protected page sends to /login and back after signing in', async ({ page }) => {
    await page.goto('/teams?search=North');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'demo.pm', DEMO_PASSWORD, false);
    await expect(page).toHaveURL(/\/teams\?/);
    await expect(page.getByRole('heading', { name: 'Teams List' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'North Sales' })).toBeVisible();
  });

  test('any 401 clears the session and reloads to the sign-in page', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await expect(page).toHaveURL(/\/dashboard$/);
    // Keep the payload (so the session is restored) but break the signature: the server answers 401.
    await page.evaluate(() => {
      const token = localStorage.getItem('tourdesk.token')!;
      localStorage.setItem('tourdesk.token', `${token.split('.')[0]}.forged`);
    });
    await page.goto('/teams');
    await expect(page).toHaveURL(/\/login$/);
    // The forced logout reloads the page; read the storage once it has settled.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tourdesk.token')).catch(() => 'reloading'))
      .toBeNull();
  });

  test('log out ends the session on the server, clears it here and returns to sign-in', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('tourdesk.token'));
    const before = await page.request.get('/api/auth/session', { headers: { Authorization: `Bearer ${token}` } });
    expect(before.status()).toBe(200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('tourdesk.user'))).toBeNull();
    // A copy of the token kept elsewhere no longer works.
    const after = await page.request.get('/api/auth/session', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });

  test('the forgot-password dialog sends the e-mail', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Username').fill('demo.sales');
    await dialog.getByLabel('Email').fill('demo.sales@demo.tourdesk.test');
    await submit.click();
    await expect(page.getByText('Email sent.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

test.describe('pages', () => {
  test('unknown paths show Page not found with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to home page' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown path inside the console falls to the not-found page', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await page.goto('/reports/none');
    await expect(page.getByText('Page not found')).toBeVisible();
  });

  test('/ goes to the dashboard, /account to edit-profile', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL(/\/account\/edit-profile$/);
    await expect(page.getByRole('tab', { name: 'Edit profile' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('demo.pm');
    // The demo switches billing on: a program manager's invoices open.
    await page.goto('/account/billing');
    await expect(page).toHaveURL(/\/account\/billing\/invoices$/);
    await expect(page.getByRole('tab', { name: 'Past Due' })).toBeVisible();
  });

  test('the profile saves and the greeting follows', async ({ page }) => {
    await signIn(page, 'rental.pm');
    await page.goto('/account/edit-profile');
    const first = page.getByLabel('First name');
    await expect(first).toHaveValue('Rita');
    await first.fill('Ritta');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Updated successfully')).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Ritta Rentals');
    await first.fill('Rita');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Rita Rentals');
  });

  test('changing your own password in the profile keeps you signed in', async ({ page }) => {
    await signIn(page, 'rental.pm');
    await page.goto('/account/edit-profile');
    const setPassword = async (password: string) => {
      await page.getByLabel('New password').fill(password);
      await page.getByLabel('Confirm password').fill(password);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Updated successfully').last()).toBeVisible();
      // The old token stopped working; the stored new one carries the session over a reload.
      await page.reload();
      await expect(page).toHaveURL(/\/account\/edit-profile$/);
      await expect(page.getByLabel('Username')).toHaveValue('rental.pm');
    };
    await setPassword('Another-pass-123');
    // Back to the demo password for the other tests.
    await setPassword(DEMO_PASSWORD);
  });

  test('the feedback button keeps its label from 600 px and is an icon button below', async ({ page }) => {
    // The enterprise user's top bar is the fullest (builder selector).
    await signIn(page, 'demo.enterprise');
    const feedback = page.getByRole('button', { name: 'Feedback about this page?' });
    for (const width of [1440, 899, 700, 600]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(feedback).toBeVisible();
      await expect(feedback).toHaveText('Feedback about this page?');
      const logout = (await page.getByRole('button', { name: 'Log out' }).boundingBox())!;
      expect(logout.x + logout.width).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 500, height: 800 });
    await expect(feedback).toBeVisible();
    await expect(feedback).toHaveText('');
    await feedback.hover();
    await expect(page.getByRole('tooltip', { name: 'Feedback about this page?' })).toBeVisible();
    await feedback.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('stacked snackbars sit 75 px apart, long messages too', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await page.goto('/account/edit-profile');
    const long = `The profile could not be saved: ${'the server took too long to answer, '.repeat(8)}try again.`;
    const messages = [long, 'Short failure', long];
    await page.route('**/api/profile', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: messages.shift() }),
          })
        : route.continue(),
    );
    const snackbars = page.locator('.notistack-MuiContent');
    for (let n = 1; n <= 3; n++) {
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(snackbars).toHaveCount(n);
    }
    await expect
      .poll(async () => {
        const tops = await snackbars.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
        tops.sort((a, b) => a - b);
        return tops.slice(1).map((t, i) => Math.round(t - tops[i]));
      })
      .toEqual([75, 75]);
    // The whole text stays readable: in the DOM and as the tooltip.
    await expect(page.getByTitle(long).first()).toHaveText(long);
  });

  test('the feedback dialog sends a message about the page', async ({ page }) => {
    await signIn(page, 'demo.pm');
    await page.getByRole('button', { name: 'Feedback about this page?' }).click();
    const dialog = page.getByRole('dialog');
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Message').fill('The dashboard looks great.');
    await send.click();
    await expect(dialog).toBeHidden();
  });
});
