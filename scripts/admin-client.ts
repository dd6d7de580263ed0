// What the admin CLIs share: the admin token (from $ADMIN_TOKEN, else the local .dev.vars) and one call
// to the admin API that turns every failure into a one-line message and exit code 1.

import { existsSync, readFileSync } from 'node:fs';

export function failWith(tool: string): (message: string) => never {
  return (message) => {
    console.error(`${tool}: ${message}`);
    process.exit(1);
  };
}

function localToken(): string | undefined {
  const file = new URL('../.dev.vars', import.meta.url);
  if (!existsSync(file)) return undefined;
  return /^ADMIN_TOKEN=(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim();
}

export interface AdminCall {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Calls the admin API of the store at `base` with the admin token; answers the parsed JSON of a success. */
export async function callAdmin<T>(tool: string, base: string, call: AdminCall): Promise<T> {
  const fail: (message: string) => never = failWith(tool);
  const token = process.env.ADMIN_TOKEN ?? localToken();
  if (!token) fail('no admin token: set ADMIN_TOKEN (yours, or the deployed worker’s secret), or run npm start once to create .dev.vars.');
  let response: Response;
  try {
    response = await fetch(new URL(call.path, base), {
      method: call.method,
      headers: { authorization: `Bearer ${token}`, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
  } catch (error) {
    fail(`cannot reach ${base}: ${(error as Error).message}. Is the store running (npm start)?`);
  }
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string; errorId?: string };
  if (response.status === 401) fail('the admin token was refused (401). Check ADMIN_TOKEN.');
  if (response.status === 429) fail(`too many refused tokens from this address; try again in ${response.headers.get('retry-after') ?? 'a few'} seconds.`);
  if (!response.ok) fail(`${answer.errorId ?? response.status}: ${answer.message ?? 'the call failed.'}`);
  return answer;
}
