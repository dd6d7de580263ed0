// Purges cached content through the admin API, for marketers.
// Usage: npm run purge -- --site US [--page home | --kind espot --key cart] [--locale en-us] [--tag fragment:promo-bar] [--all] [--url https://...]
// The token comes from $ADMIN_TOKEN, else from .dev.vars for the local store.

import { parseArgs } from 'node:util';
import { callAdmin, failWith } from './admin-client.ts';

const SITES = ['US', 'CA', 'GB', 'FR', 'DE', 'IT'];
const KINDS = ['page', 'espot', 'footer', 'menu', 'popups', 'fragment', 'children', 'search', 'category', 'product', 'showcase'];

const fail: (message: string) => never = failWith('purge');

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

const answer = await callAdmin<{ purged?: string[]; note?: string }>('purge', values.url, { method: 'POST', path: '/admin/cache/purge', body });
const purged = answer.purged ?? [];
console.log(
  purged.length === 0 ? 'purge: nothing was cached for that scope.' : `purge: removed ${purged.length} cached ${purged.length === 1 ? 'entry' : 'entries'}:`,
);
for (const key of purged) console.log(`  ${key}`);
if (answer.note) console.log(answer.note);
