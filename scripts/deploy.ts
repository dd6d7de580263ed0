// `npm run deploy`: ships the store and its card processor to Cloudflare (docs/operations.md, Deploy).
// 1. builds the client, and refuses to go on while a required secret is missing on either worker;
// 2. deploys the card processor (the store's PAYMENTS service binding) whole;
// 3. applies the D1 migrations (each must work with the version still serving: expand, then contract later);
// 4. uploads the store as a new version and deploys it to --percentage of requests beside the version serving
//    most of them now; a Durable Object migration (--durable-object-migrations) deploys at once, as Cloudflare
//    requires, and so does a first deploy;
// 5. asks the new version's /healthz (Cloudflare-Workers-Version-Overrides reaches it whatever its share) and
//    gives every request back to the previous version when it does not answer 200.
// Usage: npm run deploy -- [--env production|staging] [--percentage 1-100] [--durable-object-migrations] [--dry-run]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unstable_readConfig } from 'wrangler';
import {
  type DeployOptions,
  envArgs,
  healthyAnswer,
  missingSecrets,
  parseDeployArgs,
  putCommand,
  rolloutSpecs,
  type Target,
  type VersionShare,
  versionOverride,
} from './deploy/plan.ts';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const wranglerBin = join(root, 'node_modules/.bin/wrangler');
const say = (message: string) => console.log(`deploy: ${message}`);

function run(command: string, args: string[], options: { capture?: boolean; env?: NodeJS.ProcessEnv } = {}): string {
  say(`$ ${[command === wranglerBin ? 'wrangler' : command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: options.capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) throw new Error(`${args.slice(0, 2).join(' ')} failed (exit ${result.status ?? result.signal})`);
  return result.stdout ?? '';
}

const wrangler = (args: string[], options?: { capture?: boolean; env?: NodeJS.ProcessEnv }) => run(wranglerBin, args, options);

function secretNames(target: Target, config: string[]): string[] {
  const listed = JSON.parse(wrangler(['secret', 'list', '--format', 'json', ...config, ...envArgs(target)], { capture: true })) as { name: string }[];
  return listed.map((secret) => secret.name);
}

/** The versions serving the store now, or null before its first deploy. */
function currentShares(target: Target): VersionShare[] | null {
  const result = spawnSync(wranglerBin, ['deployments', 'status', '--json', ...envArgs(target)], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    if (/has no deployments|does not exist|not found/i.test(`${result.stdout}${result.stderr}`)) return null;
    throw new Error(`wrangler deployments status failed: ${result.stderr.trim()}`);
  }
  return (JSON.parse(result.stdout) as { versions: VersionShare[] }).versions;
}

/** Uploads the store as a version without serving it, and answers its id (wrangler's ND-JSON output file). */
function uploadVersion(target: Target, tag: string, message: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-deploy-'));
  const output = join(dir, 'wrangler-output.ndjson');
  try {
    wrangler(['versions', 'upload', '--tag', tag, '--message', message, ...envArgs(target)], { env: { WRANGLER_OUTPUT_FILE_PATH: output } });
    const entries = readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; version_id?: string });
    const uploaded = entries.find((entry) => entry.type === 'version-upload')?.version_id;
    if (!uploaded) throw new Error('wrangler versions upload did not name the version it uploaded');
    return uploaded;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The version of this deployment uploaded from `tag` (this commit), if there is one. */
function versionTagged(target: Target, tag: string, current: readonly VersionShare[]): string | undefined {
  for (const share of current) {
    const view = JSON.parse(wrangler(['versions', 'view', share.version_id, '--json', ...envArgs(target)], { capture: true })) as {
      annotations?: Record<string, string>;
    };
    if (view.annotations?.['workers/tag'] === tag) return share.version_id;
  }
  return undefined;
}

async function healthy(origin: string, workerName: string, versionId: string | null): Promise<boolean> {
  const headers: Record<string, string> = versionId ? { 'Cloudflare-Workers-Version-Overrides': versionOverride(workerName, versionId) } : {};
  for (let attempt = 1; attempt <= 5; attempt++) {
    // A new version takes a few seconds to reach every location; until then an override may not apply.
    await new Promise((resolve) => setTimeout(resolve, attempt * 2000));
    const answer = await fetch(new URL('/healthz', origin), { headers }).catch((error: unknown) => error as Error);
    if (answer instanceof Response) {
      const body = await answer.text();
      say(`GET /healthz (attempt ${attempt}): ${answer.status} ${body.slice(0, 300)}`);
      // Only the new version's own 200 counts: until the override applies, the old version may answer it.
      if (healthyAnswer(answer.status, body, versionId)) return true;
    } else say(`GET /healthz (attempt ${attempt}): ${answer.message}`);
  }
  return false;
}

function gitFacts(): { tag: string; message: string } {
  const git = (args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
  // A version is tagged with its commit, and the same commit deployed again reuses its version: what is not
  // committed would ship under a tag that does not describe it, or not ship at all.
  if (git(['status', '--porcelain'])) throw new Error('the working tree has uncommitted changes: commit them (or stash them) and deploy again');
  return { tag: git(['rev-parse', '--short=12', 'HEAD']) || 'untagged', message: git(['log', '-1', '--format=%s']).slice(0, 100) || 'deploy' };
}

async function deploy(options: DeployOptions): Promise<void> {
  const { target } = options;
  const store = unstable_readConfig({ config: join(root, 'wrangler.toml'), env: target === 'production' ? undefined : target });
  const workerName = store.name as string;
  const origin = String((store.vars as Record<string, unknown>).PUBLIC_ORIGIN);
  say(
    `${target}: ${workerName} at ${origin}, ${options.durableObjectMigrations ? 'with Durable Object migrations, at once' : `${options.percentage}% of requests`}`,
  );
  run(process.execPath, [join(root, 'scripts/build.ts')]);
  if (options.dryRun) {
    // Everything that needs no account: both bundles and configs as they would deploy.
    wrangler(['deploy', '--dry-run', '--outdir', '.wrangler/dry-run/store', ...envArgs(target)]);
    wrangler(['deploy', '--dry-run', '-c', 'wrangler.payments.toml', '--outdir', '.wrangler/dry-run/payments', ...envArgs(target)]);
    say('dry run: nothing was uploaded');
    return;
  }
  const missing = missingSecrets(target, { store: secretNames(target, []), processor: secretNames(target, ['-c', 'wrangler.payments.toml']) });
  if (missing.length > 0) {
    for (const secret of missing) say(`missing secret ${secret.name} (${secret.why}): ${putCommand(secret, target)}`);
    throw new Error('set the missing secrets, then deploy again');
  }
  const { tag, message } = gitFacts();
  wrangler(['deploy', '-c', 'wrangler.payments.toml', ...envArgs(target)]);
  wrangler(['d1', 'migrations', 'apply', 'DB', '--remote', ...envArgs(target)]);
  const current = currentShares(target);
  if (options.durableObjectMigrations || current === null) {
    wrangler(['deploy', '--message', message, ...envArgs(target)]);
    if (!(await healthy(origin, workerName, null))) throw new Error(`${origin}/healthz does not answer 200: see docs/operations.md, Roll back`);
    say('deployed to every request');
    return;
  }
  // The same commit deployed again widens (or narrows) its version's share rather than uploading a twin of it.
  const version = versionTagged(target, tag, current) ?? uploadVersion(target, tag, message);
  const specs = rolloutSpecs(version, options.percentage, current);
  const previous = current.filter((share) => share.version_id !== version).sort((a, b) => b.percentage - a.percentage)[0];
  wrangler(['versions', 'deploy', ...specs, '--yes', '--message', message, ...envArgs(target)]);
  if (!(await healthy(origin, workerName, version))) {
    if (previous)
      wrangler(['versions', 'deploy', `${previous.version_id}@100`, '--yes', '--message', `rolled back: ${version} failed /healthz`, ...envArgs(target)]);
    throw new Error(`version ${version} did not answer /healthz with 200; every request is back on ${previous?.version_id ?? 'the previous version'}`);
  }
  say(
    `version ${version} (${tag}) serves ${options.percentage}% of requests${options.percentage < 100 ? `; widen with npm run deploy -- --env ${target} --percentage N` : ''}`,
  );
}

try {
  await deploy(parseDeployArgs(process.argv.slice(2)));
} catch (error) {
  console.error(`deploy: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
