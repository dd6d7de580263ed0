// Structured JSON logs, one line per event, always with the correlation id.

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * The names failures are logged under, stable so a search or an alert can rely on them (README, Logs). Each line
 * carries the request's correlationId, which the client's error envelope also names; the stack stays here.
 */
export const ERROR_EVENTS = {
  /** A failure no code of ours expected: the client got GEN500. */
  unhandled: 'error.unhandled',
  /** A coded refusal of status 500 or more (a dependency failed): logged with its cause. */
  refusedOnFailure: 'error.refused_on_failure',
  /** The HTML error page itself failed; a minimal page went out instead. */
  errorPageFailed: 'error.page_failed',
} as const;

export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

function serializeError(error: unknown): unknown {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return error;
}

export function createLogger(base: Record<string, unknown>): Logger {
  const write = (level: Level, event: string, fields?: Record<string, unknown>) => {
    const entry: Record<string, unknown> = { level, event, time: new Date().toISOString(), ...base, ...fields };
    if ('error' in entry) entry.error = serializeError(entry.error);
    const line = JSON.stringify(entry);
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.log(line);
  };
  return {
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
  };
}
