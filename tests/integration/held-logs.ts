// The worker's log lines during a test, printed only if that test fails. The app logs every request outside
// production, and each line handed to vitest crosses from workerd to Node: the hostile-input walk alone wrote
// 18,000 of them, a quarter of its time, and buried a failure's own lines among a passing run's.

const LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;
/** Enough of a failing test's story; a walk of many requests keeps its last lines. */
const LIMIT = 2_000;

const original = Object.fromEntries(LEVELS.map((level) => [level, console[level].bind(console)])) as Record<
  (typeof LEVELS)[number],
  (...args: unknown[]) => void
>;
let held: { level: (typeof LEVELS)[number]; args: unknown[] }[] = [];

for (const level of LEVELS) {
  console[level] = (...args: unknown[]) => {
    held.push({ level, args });
    if (held.length > LIMIT) held.shift();
  };
}

/** Says something to the terminal at once, not held: what the suite itself has to report. */
export function report(...args: unknown[]): void {
  original.warn(...args);
}

/** Forgets what the last test logged: called as the next one starts. */
export function forgetLogs(): void {
  held = [];
}

/** Prints what the failing test logged, as it was logged. */
export function printLogs(): void {
  for (const { level, args } of held) original[level](...args);
  held = [];
}
