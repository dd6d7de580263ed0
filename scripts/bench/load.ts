// Bench step 4: bounded autocannon runs on loopback, the baseline route first and last to expose drift.

import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import type { Target } from './targets.ts';

export const CONCURRENCIES = [1, 16] as const;

export interface LoadOptions {
  warmupSeconds: number;
  durationSeconds: number;
}

export interface LoadRun {
  label: string;
  kind: Target['kind'];
  path: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Busy and total CPU time of the machine so far (Linux /proc/stat, in clock ticks); null elsewhere. */
async function cpuTicks(): Promise<{ busy: number; total: number } | null> {
  try {
    const fields = (await readFile('/proc/stat', 'utf8')).split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const total = fields.reduce((sum, n) => sum + n, 0);
    // idle and iowait
    return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine is nearly idle (under a fifth busy over half a second), at most 30 s. A run of
 * misses leaves the worker storing pages after its answers (waitUntil); measured on top of that backlog, the
 * next run would pay for it.
 */
async function settle(): Promise<void> {
  const deadline = Date.now() + 30_000;
  let before = await cpuTicks();
  while (before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await cpuTicks();
    if (!after) return;
    const busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busy < 0.2) return;
    before = after;
  }
}

async function measure(origin: string, target: Target, connections: number, options: LoadOptions, label: string): Promise<LoadRun> {
  const url = new URL(target.path, origin).toString();
  const headers = target.headers ?? {};
  // The warm-up fills isolate caches (catalog index, compiled code) so the measured run sees steady state.
  const call = { method: target.method ?? 'GET', ...(target.body ? { body: target.body } : {}) };
  const next = target.next;
  const each = next ? { requests: [{ ...call, setupRequest: (request: Record<string, unknown>) => ({ ...request, ...next() }) }] } : {};
  await settle();
  await autocannon({ url, connections, duration: options.warmupSeconds, timeout: 10, headers, ...call, ...each });
  const result = await autocannon({ url, connections, duration: options.durationSeconds, timeout: 10, headers, ...call, ...each });
  return {
    label,
    kind: target.kind,
    path: target.path,
    connections,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Runs every target at each concurrency; `onRun` reports progress as the slow part goes. */
export async function runLoad(
  origin: string,
  baseline: Target,
  pages: readonly Target[],
  options: LoadOptions,
  onRun: (run: LoadRun) => void,
): Promise<LoadRun[]> {
  const plan: { target: Target; label: string }[] = [
    { target: baseline, label: 'baseline (first)' },
    ...pages.map((target) => ({ target, label: target.kind })),
    { target: baseline, label: 'baseline (last)' },
  ];
  const runs: LoadRun[] = [];
  for (const { target, label } of plan) {
    for (const connections of CONCURRENCIES) {
      const run = await measure(origin, target, connections, options, label);
      runs.push(run);
      onRun(run);
    }
  }
  return runs;
}

/** Mean of the first and last baseline runs per concurrency. */
export function baselineByConcurrency(runs: readonly LoadRun[]): Map<number, number> {
  const baseline = new Map<number, number>();
  for (const connections of CONCURRENCIES) {
    const values = runs.filter((r) => r.kind === 'baseline' && r.connections === connections).map((r) => r.requestsPerSecond);
    if (values.length > 0) baseline.set(connections, values.reduce((a, b) => a + b, 0) / values.length);
  }
  return baseline;
}

export function ratioToBaseline(run: LoadRun, baseline: ReadonlyMap<number, number>): number | undefined {
  const base = baseline.get(run.connections);
  return base ? run.requestsPerSecond / base : undefined;
}

/** The throughput of `b` over `a`'s, from pairs of short runs back to back. */
export interface PairedShare {
  median: number;
  shares: number[];
}

/** A target on the server that answers it. */
export interface Served {
  origin: string;
  target: Target;
}

/**
 * `b`'s throughput over `a`'s at `connections`, as the median of `rounds` pairs of short runs back to back
 * (which one goes first alternates), each on a quiet machine: on a shared machine the load drifts between two
 * runs a minute apart far more than between two runs seconds apart.
 */
export async function pairedShare(a: Served, b: Served, connections: number, seconds: number, rounds: number): Promise<PairedShare> {
  const rate = async ({ origin, target }: Served) => {
    const call = { method: target.method ?? 'GET', ...(target.body ? { body: target.body } : {}) };
    const next = target.next;
    const each = next ? { requests: [{ ...call, setupRequest: (request: Record<string, unknown>) => ({ ...request, ...next() }) }] } : {};
    await settle();
    const result = await autocannon({
      url: new URL(target.path, origin).toString(),
      connections,
      duration: seconds,
      timeout: 10,
      headers: target.headers ?? {},
      ...call,
      ...each,
    });
    return result.requests.average;
  };
  const shares: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
    const firstRate = await rate(first);
    const secondRate = await rate(second);
    shares.push(first === a ? secondRate / firstRate : firstRate / secondRate);
  }
  const sorted = [...shares].sort((x, y) => x - y);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, shares };
}
