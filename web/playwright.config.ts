import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8090);
/** A second demo server whose clock starts at the next 11:00 AM in the demo builders' Chicago
 *  time, so the visitor's tour tests (e2e/tour-day.spec.ts) run inside tour hours at any hour. */
export const TOUR_DAY_PORT = PORT + 1;
process.env.E2E_TOUR_CLOCK ??= nextLocalHour('America/Chicago', 11);

function nextLocalHour(zone: string, hour: number): string {
  const start = new Date();
  start.setUTCMinutes(0, 0, 0);
  const hourIn = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' });
  for (let h = 1; h <= 48; h++) {
    const at = new Date(start.getTime() + h * 3_600_000);
    if (Number(hourIn.format(at)) === hour) return at.toISOString();
  }
  throw new Error(`no ${hour}:00 in ${zone} in two days`);
}

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // One server with one demo world: tests run one after the other.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${TOUR_DAY_PORT}/api/health`,
      env: {
        ...(process.env as Record<string, string>),
        E2E_PORT: String(TOUR_DAY_PORT),
        TOURDESK_DEMO_CLOCK: String(process.env.E2E_TOUR_CLOCK),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
