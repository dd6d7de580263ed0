// What `npm run deploy` decides before it runs anything (docs/operations.md, Deploy): its options, the secrets a
// target cannot run without, and how a new version's share of traffic is set beside the one serving now.

export type Target = 'production' | 'staging';

export interface DeployOptions {
  target: Target;
  /** The new version's share of requests, 1 to 100; the rest stay on the version serving most of them now. */
  percentage: number;
  /** A Durable Object migration (a new [[migrations]] tag) cannot go out gradually: the whole deployment moves at once. */
  durableObjectMigrations: boolean;
  /** Checks, builds and prints each command without calling Cloudflare. */
  dryRun: boolean;
}

export const USAGE = 'usage: npm run deploy -- [--env production|staging] [--percentage 1-100] [--durable-object-migrations] [--dry-run]';

export function parseDeployArgs(args: readonly string[]): DeployOptions {
  const options: DeployOptions = { target: 'production', percentage: 100, durableObjectMigrations: false, dryRun: false };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = (args[i] as string).split('=', 2) as [string, string | undefined];
    const value = () => inline ?? args[++i] ?? '';
    if (flag === '--env') {
      const target = value();
      if (target !== 'production' && target !== 'staging') throw new Error(`--env is production or staging, not "${target}"; ${USAGE}`);
      options.target = target;
    } else if (flag === '--percentage') {
      const percentage = Number(value());
      if (!Number.isInteger(percentage) || percentage < 1 || percentage > 100) throw new Error(`--percentage is a whole number from 1 to 100; ${USAGE}`);
      options.percentage = percentage;
    } else if (flag === '--durable-object-migrations') options.durableObjectMigrations = true;
    else if (flag === '--dry-run') options.dryRun = true;
    else throw new Error(`Unknown option ${flag}; ${USAGE}`);
  }
  if (options.durableObjectMigrations && options.percentage !== 100) {
    throw new Error('A Durable Object migration deploys to every request at once: leave --percentage out.');
  }
  return options;
}

/** wrangler's environment flag: production is the top level of each wrangler file, named by an empty --env. */
export function envArgs(target: Target): string[] {
  return ['--env', target === 'production' ? '' : target];
}

export interface Secret {
  name: string;
  /** The worker it belongs to: the store, or its card processor (wrangler.payments.toml). */
  worker: 'store' | 'processor';
  why: string;
}

/** Every secret each target needs before it can serve (README, Configuration has the optional ones). */
export function requiredSecrets(target: Target): Secret[] {
  const both: Secret[] = [
    { name: 'SESSION_SECRET', worker: 'store', why: 'signs sessions; 32 random characters or more' },
    { name: 'ADMIN_TOKEN', worker: 'store', why: 'the admin API and the operator tools' },
    { name: 'GIFT_CARD_KEY', worker: 'store', why: 'keys gift card number and PIN hashes; never rotate without re-keying the cards' },
  ];
  if (target === 'staging') {
    return [
      ...both,
      { name: 'PAYMENTS_SECRET_KEY', worker: 'store', why: 'the processor’s sandbox lane (sk_test_…), the same value as its SANDBOX_SECRET_KEY' },
      { name: 'SANDBOX_SECRET_KEY', worker: 'processor', why: 'the sandbox lane’s secret key (sk_test_…)' },
    ];
  }
  return [
    ...both,
    { name: 'RESEND_API_KEY', worker: 'store', why: 'sends the store’s email (production refuses to send without it)' },
    { name: 'TURNSTILE_SECRET', worker: 'store', why: 'the bot check on sign-in, sign-up and orders' },
    { name: 'PAYMENTS_LIVE_SECRET_KEY', worker: 'store', why: 'the processor’s production lane (sk_live_…), the same value as its LIVE_SECRET_KEY' },
    { name: 'LIVE_SECRET_KEY', worker: 'processor', why: 'the production lane’s secret key (sk_live_…)' },
  ];
}

/** What a store paying through Stripe needs no longer: the processor's production lane. */
const PROCESSOR_LIVE_KEYS = ['PAYMENTS_LIVE_SECRET_KEY', 'LIVE_SECRET_KEY'];

/** The secrets a target lacks, given the names each worker has (`wrangler secret list`). */
export function missingSecrets(target: Target, present: { store: readonly string[]; processor: readonly string[] }): Secret[] {
  const stripe = present.store.includes('STRIPE_SECRET_KEY');
  return requiredSecrets(target).filter((secret) => !present[secret.worker].includes(secret.name) && !(stripe && PROCESSOR_LIVE_KEYS.includes(secret.name)));
}

/** How to set one: `wrangler secret put` asks for the value, so it never lands in a shell's history. */
export function putCommand(secret: Secret, target: Target): string {
  const config = secret.worker === 'processor' ? ' -c wrangler.payments.toml' : '';
  return `npx wrangler secret put ${secret.name}${config}${target === 'production' ? '' : ` --env ${target}`}`;
}

export interface VersionShare {
  version_id: string;
  percentage: number;
}

/**
 * The version specs of a rollout: the new version at its share, the rest on the version serving most requests
 * now (so a second rollout while one is under way replaces the half-done one rather than stacking a third).
 */
export function rolloutSpecs(newVersion: string, percentage: number, current: readonly VersionShare[]): string[] {
  const stable = [...current].filter((share) => share.version_id !== newVersion).sort((a, b) => b.percentage - a.percentage)[0];
  if (percentage === 100 || !stable) return [`${newVersion}@100`];
  return [`${newVersion}@${percentage}`, `${stable.version_id}@${100 - percentage}`];
}

/** The header that sends a request to one version of a deployment, whatever its share: the smoke test's. */
export function versionOverride(workerName: string, versionId: string): string {
  return `${workerName}="${versionId}"`;
}

/** A smoke test's answer from /healthz: 200, and, when a version was asked for, given by that version. */
export function healthyAnswer(status: number, body: string, versionId: string | null): boolean {
  if (status !== 200) return false;
  if (!versionId) return true;
  try {
    return (JSON.parse(body) as { version?: unknown }).version === versionId;
  } catch {
    return false;
  }
}
