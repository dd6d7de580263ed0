// Purges cached content through the admin API, for marketers.
// Usage: npm run purge -- --site US [--page home | --kind espot --key cart] [--locale en-us] [--tag fragment:promo-bar] [--all] [--url https://...]
// The token comes from $ADMIN_TOKEN, else from .dev.vars for the local store.

import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const SITES = ['US', 'CA', 'GB', 'FR', 'DE', 'IT'];
const KINDS = ['page', 'espot', 'footer', 'menu', 'popups', 'fragment', 'children', 'search', 'category', 'product', 'showcase'];

function fail(message: string): never {
  console.error(`purge: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    page: { type: 'string' },
    kind: { type: 'string' },
    key: { type: 'string' },
    locale: { type: 'string' },
    tag: { type: 'string' },
    all: { type: 'boolean' },
    mode: { type: 'string', default: 'publish' },
    url: { type: 'string', default: 'http://localhost:8787' },
    help: { type: 'boolean' },
  },
  strict: true,
});

if (values.help) {
  console.log(
    'npm run purge -- --site US --page home | --site US --kind espot --key cart | --tag fragment:promo-bar [--site US] | --site US --all  [--locale en-us] [--url URL]',
  );
  process.exit(0);
}
const site = values.site?.toUpperCase();
if (site && !SITES.includes(site)) fail(`unknown site "${values.site}": use one of ${SITES.join(', ')}.`);
const kind = values.page !== undefined ? 'page' : values.kind;
if (kind && !KINDS.includes(kind)) fail(`unknown kind "${kind}": use one of ${KINDS.join(', ')}.`);

let body: Record<string, unknown>;
if (values.tag) body = { tag: values.tag, ...(site ? { siteId: site } : {}) };
else if (values.all) {
  if (!site) fail('--all needs --site.');
  body = { siteId: site, mode: values.mode, all: true };
} else {
  if (!site || !kind) fail('say what to purge: --site with --page or --kind/--key, or --tag, or --site with --all (see --help).');
  body = { siteId: site, mode: values.mode, kind, key: values.page ?? values.key ?? '', ...(values.locale ? { locale: values.locale } : {}) };
}

function localToken(): string | undefined {
  const file = new URL('../.dev.vars', import.meta.url);
  if (!existsSync(file)) return undefined;
  return /^ADMIN_TOKEN=(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim();
}

const token = process.env.ADMIN_TOKEN ?? localToken();
if (!token) fail('no admin token: set ADMIN_TOKEN (the deployed worker’s secret), or run npm start once to create .dev.vars.');

let response: Response;
try {
  response = await fetch(new URL('/admin/cache/purge', values.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-actor': process.env.USER ?? 'cli' },
    body: JSON.stringify(body),
  });
} catch (error) {
  fail(`cannot reach ${values.url}: ${(error as Error).message}. Is the store running (npm start)?`);
}
const answer = (await response.json().catch(() => ({}))) as { purged?: string[]; message?: string; errorId?: string; note?: string };
if (response.status === 401) fail('the admin token was refused (401). Check ADMIN_TOKEN.');
if (!response.ok) fail(`${answer.errorId ?? response.status}: ${answer.message ?? 'the purge failed.'}`);
const purged = answer.purged ?? [];
console.log(
  purged.length === 0 ? 'purge: nothing was cached for that scope.' : `purge: removed ${purged.length} cached ${purged.length === 1 ? 'entry' : 'entries'}:`,
);
for (const key of purged) console.log(`  ${key}`);
if (answer.note) console.log(answer.note);
