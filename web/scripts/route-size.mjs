// Gzipped size of the JavaScript a route needs: the entry chunk, the route's lazy chunk and every
// chunk they import statically. Usage: node scripts/route-size.mjs [src/features/.../Page.tsx ...]
// Fails when the sign-in route is over its 300 KB budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const BUDGET_KB = 300;

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['src/features/auth/components/SignInPage.tsx'];
let failed = false;
for (const route of routes) {
  if (!manifest[route]) {
    console.error(`not in the manifest: ${route}`);
    failed = true;
    continue;
  }
  const files = new Set([...closure([entry]), ...closure([route])]);
  let total = 0;
  for (const f of files) total += gzipSync(readFileSync(new URL(f, dist))).length;
  const kb = total / 1024;
  console.log(`${route}: ${files.size} chunks, ${kb.toFixed(1)} KB gzipped`);
  if (route.endsWith('SignInPage.tsx') && kb > BUDGET_KB) {
    console.error(`over the ${BUDGET_KB} KB budget`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
