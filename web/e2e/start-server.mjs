// Starts the real tourdesk binary for the e2e tests: demo data in a fresh temporary data dir,
// listening on 127.0.0.1:${E2E_PORT:-8090}. The binary serves the built SPA (run `npm run build` first).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const webDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
const bin = resolve(webDir, process.env.TOURDESK_BIN || '../target/debug/tourdesk');
const port = process.env.E2E_PORT || '8090';
if (!existsSync(bin)) {
  console.error(`tourdesk binary not found at ${bin} (build it, or set TOURDESK_BIN)`);
  process.exit(1);
}
// One data dir per run, named after this process. Playwright may kill the server without letting
// this script clean up, so dirs of runs whose process is gone are removed first.
const parent = join(tmpdir(), 'tourdesk-e2e');
mkdirSync(parent, { recursive: true });
for (const name of readdirSync(parent)) {
  const pid = Number(name);
  let alive = false;
  try {
    alive = Number.isInteger(pid) && pid > 0 && process.kill(pid, 0);
  } catch (e) {
    alive = e.code === 'EPERM';
  }
  if (!alive) rmSync(join(parent, name), { recursive: true, force: true });
}
const dataDir = join(parent, String(process.pid));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir);
// Only the command line configures this server: no config file, database URL or bind from outside.
const env = { ...process.env };
for (const k of ['DATABASE_URL', 'TOURDESK_CONFIG', 'TOURDESK_BIND', 'TOURDESK_DATA_DIR']) delete env[k];
// Nothing leaves the machine: outgoing requests (webhooks) reach only the tests' receivers on
// loopback, and no name is looked up.
env.TOURDESK_OUTBOUND_OFFLINE = '1';
env.TOURDESK_OUTBOUND_ALLOW = '127.0.0.1';

// With E2E_DEMO_TEMPLATE, the demo world is made there once (by whichever server of the run comes
// first) and copied: `serve --demo` leaves a world that has builders as it is.
const template = process.env.E2E_DEMO_TEMPLATE;
if (template) {
  await demoWorldAt(template);
  cpSync(template, dataDir, { recursive: true });
}

async function demoWorldAt(folder) {
  const failed = `${folder}.failed`;
  mkdirSync(dirname(folder), { recursive: true });
  try {
    mkdirSync(`${folder}.lock`);
  } catch {
    for (let waited = 0; !existsSync(folder); waited += 250) {
      if (existsSync(failed) || waited > 170_000) {
        console.error(`the demo world at ${folder} was not made`);
        process.exit(1);
      }
      await sleep(250);
    }
    return;
  }
  const building = `${folder}.building`;
  const made = spawnSync(bin, ['demo', '--data-dir', building], { cwd: dirname(folder), env, stdio: 'inherit' });
  if (made.status !== 0) {
    writeFileSync(failed, '');
    console.error(`tourdesk demo failed (${made.status ?? made.signal})`);
    process.exit(1);
  }
  renameSync(building, folder);
}

const child = spawn(bin, ['serve', '--demo', '--bind', `127.0.0.1:${port}`, '--data-dir', dataDir], {
  cwd: dataDir,
  env,
  stdio: 'inherit',
});

const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
