// Named admin tokens, for operators: one per marketer or operator, so the audit says who did what.
// Usage: npm run admin-token -- create --name ana@cairn.test --role marketer | list | revoke --id <id>  [--url https://...]
// Needs an operator's token or the bootstrap ADMIN_TOKEN in $ADMIN_TOKEN (else .dev.vars for the local store).

import { parseArgs } from 'node:util';
import { callAdmin, failWith } from './admin-client.ts';

const fail: (message: string) => never = failWith('admin-token');
const { values, positionals } = parseArgs({
  options: {
    name: { type: 'string' },
    role: { type: 'string', default: 'marketer' },
    id: { type: 'string' },
    url: { type: 'string', default: 'http://localhost:8787' },
    help: { type: 'boolean' },
  },
  allowPositionals: true,
  strict: true,
});
const [command] = positionals;

if (values.help || !command) {
  console.log('npm run admin-token -- create --name ana@cairn.test [--role marketer|operator] | list | revoke --id <id>  [--url URL]');
  process.exit(values.help ? 0 : 1);
}

interface Token {
  id: string;
  name: string;
  role: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

if (command === 'create') {
  if (!values.name) fail('create needs --name: who holds the token, as the audit will show it.');
  const made = await callAdmin<Token & { token: string }>('admin-token', values.url, {
    method: 'POST',
    path: '/admin/tokens',
    body: { name: values.name, role: values.role },
  });
  console.log(`admin-token: made ${made.role} token ${made.id} for ${made.name}. Hand it over now; it cannot be shown again:`);
  console.log(made.token);
} else if (command === 'list') {
  const { tokens } = await callAdmin<{ tokens: Token[] }>('admin-token', values.url, { method: 'GET', path: '/admin/tokens' });
  if (tokens.length === 0) console.log('admin-token: no named tokens yet.');
  for (const t of tokens) {
    const state = t.revokedAt ? `revoked ${t.revokedAt}` : `last used ${t.lastUsedAt ?? 'never'}`;
    console.log(`${t.id}  ${t.role.padEnd(8)}  ${t.name}  (made ${t.createdAt}, ${state})`);
  }
} else if (command === 'revoke') {
  if (!values.id) fail('revoke needs --id (npm run admin-token -- list shows them).');
  const revoked = await callAdmin<{ id: string; name: string }>('admin-token', values.url, { method: 'DELETE', path: `/admin/tokens/${values.id}` });
  console.log(`admin-token: revoked ${revoked.id} (${revoked.name}); it is refused from now on.`);
} else {
  fail(`unknown command "${command}": use create, list or revoke (see --help).`);
}
