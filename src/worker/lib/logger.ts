// Structured JSON logs, one line per event, always with the correlation id.

type Level = 'debug' | 'info' | 'warn' | 'error';

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
