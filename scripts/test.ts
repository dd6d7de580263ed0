// `npm test` after the build: the checks and vitest on one side, the browser journeys on the other, at once.
// The journeys mostly wait (for the server, for a page to settle, for a toast to close) while vitest keeps the
// cores busy, so running them beside each other takes far less than one after the other. Each side's output is
// printed whole when it ends, so the two never interleave and CI can read each runner's closing lines.
// Usage: node scripts/test.ts

import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

interface Step {
  label: string;
  command: string;
  args: string[];
}

interface Outcome {
  label: string;
  code: number;
  output: string;
  seconds: number;
}

function run(step: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    // FORCE_COLOR keeps the runners' colours although their output goes to a pipe.
    const child = spawn(step.command, step.args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs the steps one after the other, stopping at the first that fails. */
async function side(label: string, steps: Step[]): Promise<Outcome> {
  const started = Date.now();
  let output = '';
  for (const step of steps) {
    const result = await run(step);
    output += result.output;
    if (result.code !== 0) return { label, code: result.code, output: `${output}\n${label}: ${step.label} failed\n`, seconds: (Date.now() - started) / 1000 };
  }
  return { label, code: 0, output, seconds: (Date.now() - started) / 1000 };
}

function report(outcome: Outcome): void {
  process.stdout.write(`\n──── ${outcome.label} (${outcome.seconds.toFixed(0)} s) ────\n${outcome.output}`);
}

const sides = [
  side('checks and vitest', [
    { label: 'biome', command: bin('biome'), args: ['check', '--error-on-warnings', '.'] },
    { label: 'tsc', command: bin('tsc'), args: ['-p', '.'] },
    { label: 'vitest', command: bin('vitest'), args: ['run'] },
  ]),
  side('browser journeys', [{ label: 'playwright', command: bin('playwright'), args: ['test'] }]),
].map((outcome) =>
  outcome.then((done) => {
    report(done);
    return done;
  }),
);

console.log('test: checks and vitest beside the browser journeys; each prints when it ends');
const outcomes = await Promise.all(sides);
const failed = outcomes.filter((outcome) => outcome.code !== 0);
console.log(`\ntest: ${outcomes.map((o) => `${o.label} ${o.code === 0 ? 'passed' : 'FAILED'} in ${o.seconds.toFixed(0)} s`).join('; ')}`);
process.exit(failed.length === 0 ? 0 : 1);
