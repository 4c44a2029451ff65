// A visitor's whole tour, on the demo server whose clock starts at 11:00 AM in the builders'
// time (playwright.config.ts), so it runs inside tour hours whenever the tests run.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { TOUR_DAY_PORT } from '../playwright.config';
import { DEMO_PASSWORD, signIn } from './helpers';
import { answerFirstChoices, verifiedVisitor } from './visitor';

test.use({ baseURL: `http://127.0.0.1:${TOUR_DAY_PORT}`, viewport: { width: 390, height: 844 } });

/** The API as a demo user, beside the browser's sessions. */
async function apiAs(request: APIRequestContext, username: string) {
  const res = await request.post('/api/auth/users', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  return <T>(method: 'GET' | 'POST', path: string, data?: unknown) => call<T>(request, token, method, path, data);
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

interface Row {
  property_id: number | null;
  serial_number: string;
  online: boolean;
}

type Api = Awaited<ReturnType<typeof apiAs>>;

/** A home of demo.pm's open to tours whose lock works, and that lock's serial number. */
async function homeWithALock(pm: Api) {
  const open = await pm<{ data: { property_id: number }[] }>('GET', '/api/properties?tours=true&limit=150');
  const ids = new Set(open.data.map((p) => p.property_id));
  const locks = await pm<{ data: Row[] }>('GET', '/api/locks?limit=100');
  const lock = locks.data.find((l) => l.online && l.property_id !== null && ids.has(l.property_id));
  expect(lock, 'a demo home open to tours with an online lock').toBeDefined();
  return { id: lock!.property_id!, serial: lock!.serial_number };
}

/** A verified visitor on the home's tour page, past the pre-tour questions. */
async function readyToTour(page: Page, browser: Browser, home: number, surname: string) {
  const visitor = await verifiedVisitor(page, browser, surname, `/tour/brightway-homes/property/${home}`);
  // The questions load after the verification: answered before they show, Continue is refused.
  await expect(visitor.visitor.getByRole('radiogroup').first()).toBeVisible();
  await answerFirstChoices(visitor.visitor);
  await visitor.visitor.getByRole('button', { name: 'Continue' }).click();
  return visitor;
}

test('a visitor tours now with a texted code, tells how it went and is ready to buy; staff see it all', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const home = await homeWithALock(await apiAs(request, 'demo.pm'));
  const { visitor, lastname, phone } = await readyToTour(page, browser, home.id, 'Tourer');
  await visitor.getByRole('button', { name: 'Tour Now' }).click();
  const shown = visitor.getByLabel('Your door code');
  await expect(shown).toBeVisible({ timeout: 30_000 });
  const code = (await shown.textContent())!.trim();
  expect(code).toMatch(/^\d{4,8}$/);

  // At the door (the simulator's keypad, as a platform admin drives it): the code opens the lock
  // from its start, a minute after it was asked for; before that the lock refuses it.
  const sim = await apiAs(request, 'demo.admin');
  const keypad = `/api/sim/devices/${home.serial}/keypad`;
  expect((await sim<{ opened: boolean }>('POST', keypad, { code })).opened).toBe(false);
  await expect
    .poll(async () => (await sim<{ opened: boolean }>('POST', keypad, { code })).opened, {
      timeout: 90_000,
      intervals: [5_000],
    })
    .toBe(true);

  // The page learns the door opened, and leads to the after-tour page.
  const after = visitor.getByRole('link', { name: 'Done touring? Tell us how it went' });
  await expect(after).toBeVisible({ timeout: 20_000 });
  await sim('POST', `/api/sim/devices/${home.serial}/lock-button`);
  await after.click();
  await expect(visitor.getByRole('heading', { name: 'How was your tour?' })).toBeVisible();
  const feedback = visitor.getByRole('region', { name: 'How was your tour?' });
  // The stars by keyboard, as MUI's Rating offers them (a pointer's click lands on its icons).
  await feedback.getByRole('radio', { name: '4 Stars' }).focus();
  await visitor.keyboard.press('Space');
  await expect(feedback.getByRole('radio', { name: '4 Stars' })).toBeChecked();
  await feedback.getByRole('textbox', { name: 'What did you love?' }).fill('the kitchen island');
  await feedback.getByRole('textbox', { name: 'Comments' }).fill('The yard is small');
  await answerFirstChoices(feedback);
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(visitor.getByText('Thank you for telling us about your tour.')).toBeVisible();

  const offer = visitor.getByRole('region', { name: 'Ready to Buy' });
  await offer.getByRole('textbox', { name: 'Floor plan' }).fill('The Aspen');
  await offer.getByRole('checkbox', { name: 'I am prequalified for a loan' }).check();
  await offer.getByLabel('Move-in date').fill('2027-06-01');
  await offer.getByRole('radio', { name: 'Email' }).check();
  await offer.getByRole('button', { name: 'Send' }).click();
  await expect(visitor.getByText('Thank you! Our team will contact you soon.')).toBeVisible();
  await visitor.close();

  // The texts the visitor got, in the outbox.
  const admin = await browser.newPage();
  await signIn(admin, 'demo.admin');
  await admin.goto('/outbox');
  await admin.getByPlaceholder(/Search/).fill(phone);
  await expect(admin.locator('tbody tr', { hasText: code }).first()).toBeVisible();
  await admin.close();

  // Staff: the visit Accessed with the feedback laid out, the code refused too early flagged on
  // it, and the offer.
  await page.goto('/customers');
  await page.getByPlaceholder(/Search/).fill(lastname);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.locator('tbody tr').first().click();
  const visit = page.getByRole('article').first();
  await expect(visit.getByText('Accessed')).toBeVisible();
  await expect(visit.getByText('User sent feedback')).toBeVisible();
  await expect(visit.getByLabel('4 of 5 stars')).toBeVisible();
  await expect(visit.getByText('the kitchen island')).toBeVisible();
  await expect(visit.getByText(/outside the tour's time: the lock refused it/).first()).toBeVisible();
  await page.goto('/offers');
  await page.getByPlaceholder(/Search/).fill(lastname);
  await expect(page.locator('tbody tr', { hasText: 'The Aspen' })).toHaveCount(1);
});

/** The demo server's day in the builders' Chicago time, yyyy-MM-dd. */
const serverDay = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(process.env.E2E_TOUR_CLOCK!));

test('a visitor books a time and cancels it; staff see the booking', async ({ page, browser, request }) => {
  // A visitor's whole way in (a code texted and read from the outbox, the questions) takes more
  // than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  const home = await homeWithALock(await apiAs(request, 'demo.pm'));
  const { visitor, lastname } = await readyToTour(page, browser, home.id, 'Booker');
  await visitor.getByLabel('Day').fill(serverDay());
  await visitor.getByRole('combobox', { name: /^Time/ }).click();
  const slot = visitor.getByRole('option').first();
  const time = (await slot.textContent())!;
  await slot.click();
  await visitor.getByRole('button', { name: 'Book this time' }).click();
  const booked = visitor.getByRole('list', { name: 'Your booked tours' }).getByRole('listitem');
  await expect(booked).toHaveCount(1);
  await expect(booked.first()).toContainText(time);

  await page.goto('/schedule-visit');
  await page.getByPlaceholder(/Search/).fill(lastname);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('created');

  await booked.first().getByRole('button', { name: 'Cancel' }).click();
  await expect(booked).toHaveCount(0);
  await visitor.close();
  await page.reload();
  await expect(page.locator('tbody tr').first()).toContainText('cancelled');
});

test('a tour asked for outside the home’s hours is refused with the next opening; staff see the attempt', async ({
  page,
  browser,
  request,
}) => {
  const pm = await apiAs(request, 'demo.pm');
  const home = await homeWithALock(pm);
  // The home's own hours: early mornings only, so late morning on the demo clock is after hours.
  const detail = await pm<Record<string, unknown>>('GET', `/api/properties/${home.id}`);
  const early = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    dayOfWeek: day,
    isToursAvailable: true,
    tourHoursStart: { hour: 5, minute: 0 },
    tourHoursEnd: { hour: 6, minute: 0 },
  }));
  await pm('POST', `/api/properties/${home.id}`, { ...detail, propertyTourHours: early });

  const { visitor } = await readyToTour(page, browser, home.id, 'Late');
  await visitor.getByRole('button', { name: 'Tour Now' }).click();
  await expect(
    visitor.getByText(/^Self-tours of this home are closed now\. They open again .* at 5:00 AM CT\.$/),
  ).toBeVisible();
  await visitor.close();

  await page.goto('/afterTourHours');
  await page.getByPlaceholder(/Search/).fill(String(home.id));
  await expect(page.locator('tbody tr', { hasText: '5:00 AM - 6:00 AM' }).first()).toBeVisible();
  await pm('POST', `/api/properties/${home.id}`, detail);
});
