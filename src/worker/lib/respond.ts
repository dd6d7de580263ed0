// Every API answer carries appId and correlationId beside its payload.

import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

export function envelope<T extends object>(c: Context<AppEnv>, payload: T): T & { appId: string; correlationId: string } {
  return { ...payload, appId: c.env.APP_ID, correlationId: c.get('correlationId') };
}
