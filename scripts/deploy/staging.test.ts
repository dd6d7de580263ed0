// Staging must run what production runs: wrangler does not carry bindings or vars into an environment, so a
// binding added at the top of wrangler.toml and forgotten under [env.staging] would fail there at start-up.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Unstable_Config, unstable_readConfig } from 'wrangler';

const root = join(import.meta.dirname, '../..');

type Config = Unstable_Config;

/** Every binding and var a Worker gets, by name (queues by the binding that produces and the queue consumed). */
function bindingNames(config: Config): string[] {
  return [
    ...config.d1_databases.map((db) => `d1:${db.binding}`),
    ...config.kv_namespaces.map((kv) => `kv:${kv.binding}`),
    ...config.r2_buckets.map((bucket) => `r2:${bucket.binding}`),
    ...config.durable_objects.bindings.map((object) => `do:${object.name}:${object.class_name}`),
    ...(config.services ?? []).map((service) => `service:${service.binding}`),
    ...config.analytics_engine_datasets.map((dataset) => `events:${dataset.binding}`),
    ...config.ratelimits.map((limit) => `ratelimit:${limit.name}:${limit.simple.limit}/${limit.simple.period}`),
    ...(config.queues.producers ?? []).map((producer) => `queue:${producer.binding}`),
    ...(config.queues.consumers ?? []).map((consumer) => `consumer:${consumer.queue.replace(/-staging$/, '')}:${consumer.max_retries}`),
    ...Object.keys(config.vars).map((name) => `var:${name}`),
    ...Object.keys(config.define).map((name) => `define:${name}`),
  ].sort();
}

describe('the staging environment', () => {
  for (const file of ['wrangler.toml', 'wrangler.payments.toml']) {
    it(`declares every binding and var of production in ${file}, on resources of its own`, () => {
      const production = unstable_readConfig({ config: join(root, file) });
      const staging = unstable_readConfig({ config: join(root, file), env: 'staging' });
      expect(bindingNames(staging)).toEqual(bindingNames(production));
      expect(staging.name).toBe(`${production.name}-staging`);
      const own = (config: Config) => [
        ...config.d1_databases.map((db) => db.database_name),
        ...config.r2_buckets.map((bucket) => bucket.bucket_name),
        ...(config.queues.producers ?? []).map((producer) => producer.queue),
        ...config.analytics_engine_datasets.map((dataset) => dataset.dataset),
        ...(config.services ?? []).map((service) => service.service),
      ];
      for (const name of own(staging)) expect(own(production)).not.toContain(name);
    });
  }

  it('pays in the sandbox lane and says it is not production', () => {
    const staging = unstable_readConfig({ config: join(root, 'wrangler.toml'), env: 'staging' });
    expect(staging.vars).toMatchObject({ ENVIRONMENT: 'staging', PAYMENTS_MODE: 'sandbox' });
    expect(String(staging.vars.PUBLIC_ORIGIN)).toMatch(/^https:\/\//);
  });
});
