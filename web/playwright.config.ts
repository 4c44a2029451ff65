import { defineConfig } from '@playwright/test';

import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 8090);
/** Test files run on this many workers, each against its own demo server (its own demo world) on
 *  PORT + the worker's parallel index; a file's tests run in order on one worker. */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const consolePort = PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** One more demo server whose clock starts at the next 11:00 AM in the demo builders' Chicago
 *  time, so the visitor's tour tests (e2e/tour-day.spec.ts) run inside tour hours at any hour. */
export const TOUR_DAY_PORT = PORT + 9;
process.env.E2E_TOUR_CLOCK ??= nextLocalHour('America/Chicago', 11);
// The console servers' demo world is made once (`tourdesk demo`, half a minute in a debug build)
// and copied for each of them; this run's copy is named after the process that read this first.
process.env.E2E_DEMO_TEMPLATE ??= join(tmpdir(), 'tourdesk-e2e', String(process.pid), 'demo');

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
  timeout: 45_000,
  expect: { timeout: 7_000 },
  workers: WORKERS,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${consolePort}`,
    browserName: 'chromium',
    headless: true,
    acceptDownloads: true,
    // The console honours reduced motion (src/app/theme.ts): nothing to wait for while menus and
    // dialogs animate, and far less for the browser to paint.
    reducedMotion: 'reduce',
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
    ...Array.from({ length: WORKERS }, (_, index) => ({
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${PORT + index}/api/health`,
      env: { ...(process.env as Record<string, string>), E2E_PORT: String(PORT + index) },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    })),
    {
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${TOUR_DAY_PORT}/api/health`,
      env: {
        ...(process.env as Record<string, string>),
        E2E_PORT: String(TOUR_DAY_PORT),
        E2E_DEMO_TEMPLATE: '',
        TOURDESK_DEMO_CLOCK: String(process.env.E2E_TOUR_CLOCK),
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
