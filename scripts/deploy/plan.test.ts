import { describe, expect, it } from 'vitest';
import { healthyAnswer, missingSecrets, parseDeployArgs, putCommand, requiredSecrets, rolloutSpecs, versionOverride } from './plan.ts';

describe('npm run deploy', () => {
  it('deploys production whole by default, and takes a target, a share and the Durable Object switch', () => {
    expect(parseDeployArgs([])).toEqual({ target: 'production', percentage: 100, durableObjectMigrations: false, dryRun: false });
    expect(parseDeployArgs(['--env', 'staging', '--percentage=10', '--dry-run'])).toEqual({
      target: 'staging',
      percentage: 10,
      durableObjectMigrations: false,
      dryRun: true,
    });
    expect(() => parseDeployArgs(['--percentage', '0'])).toThrow(/1 to 100/);
    expect(() => parseDeployArgs(['--percentage', '12.5'])).toThrow(/whole number/);
    expect(() => parseDeployArgs(['--env', 'prod'])).toThrow(/production or staging/);
    expect(() => parseDeployArgs(['--force'])).toThrow(/Unknown option --force/);
    // Cloudflare applies a Durable Object migration to the whole deployment: no share can be given with it.
    expect(() => parseDeployArgs(['--durable-object-migrations', '--percentage', '10'])).toThrow(/at once/);
  });

  it('splits traffic with the version serving most requests now, never a third', () => {
    expect(rolloutSpecs('new', 10, [{ version_id: 'old', percentage: 100 }])).toEqual(['new@10', 'old@90']);
    // A rollout under way (old 90, half-done 10) replaced by a newer one: the half-done version leaves.
    expect(
      rolloutSpecs('newer', 25, [
        { version_id: 'half-done', percentage: 10 },
        { version_id: 'old', percentage: 90 },
      ]),
    ).toEqual(['newer@25', 'old@75']);
    // The same version widened.
    expect(
      rolloutSpecs('new', 50, [
        { version_id: 'new', percentage: 10 },
        { version_id: 'old', percentage: 90 },
      ]),
    ).toEqual(['new@50', 'old@50']);
    expect(rolloutSpecs('new', 100, [{ version_id: 'old', percentage: 100 }])).toEqual(['new@100']);
  });

  it('names each missing secret with the command that sets it, per worker and target', () => {
    const production = missingSecrets('production', {
      store: ['SESSION_SECRET', 'ADMIN_TOKEN', 'GIFT_CARD_KEY', 'RESEND_API_KEY', 'TURNSTILE_SECRET'],
      processor: [],
    });
    expect(production.map((secret) => secret.name)).toEqual(['PAYMENTS_LIVE_SECRET_KEY', 'LIVE_SECRET_KEY']);
    expect(putCommand(production[1] as (typeof production)[number], 'production')).toBe('npx wrangler secret put LIVE_SECRET_KEY -c wrangler.payments.toml');
    // Paying through Stripe, production needs none of the processor's live keys.
    const stripe = missingSecrets('production', {
      store: ['SESSION_SECRET', 'ADMIN_TOKEN', 'GIFT_CARD_KEY', 'RESEND_API_KEY', 'TURNSTILE_SECRET', 'STRIPE_SECRET_KEY'],
      processor: [],
    });
    expect(stripe).toEqual([]);
    const staging = requiredSecrets('staging');
    // A staging store pays in the sandbox lane and keeps its email in the outbox: no live key, no mail provider.
    expect(staging.map((secret) => secret.name)).not.toContain('PAYMENTS_LIVE_SECRET_KEY');
    expect(staging.map((secret) => secret.name)).not.toContain('RESEND_API_KEY');
    expect(putCommand(staging[0] as (typeof staging)[number], 'staging')).toBe('npx wrangler secret put SESSION_SECRET --env staging');
  });

  it('reaches one version whatever its share, with the structured header Cloudflare reads', () => {
    expect(versionOverride('cairn-storefront', 'dc8dcd28-271b-4367-9840-6c244f84cb40')).toBe('cairn-storefront="dc8dcd28-271b-4367-9840-6c244f84cb40"');
  });

  it('counts a smoke test passed only on the new version’s own 200', () => {
    const body = (version: string) => JSON.stringify({ ok: true, checks: {}, version });
    expect(healthyAnswer(200, body('new-id'), 'new-id')).toBe(true);
    // The override had not applied yet: the old version answered, however healthy.
    expect(healthyAnswer(200, body('old-id'), 'new-id')).toBe(false);
    expect(healthyAnswer(503, body('new-id'), 'new-id')).toBe(false);
    expect(healthyAnswer(200, 'not json', 'new-id')).toBe(false);
    // A deploy to every request at once asks no version in particular.
    expect(healthyAnswer(200, body('any'), null)).toBe(true);
  });
});
