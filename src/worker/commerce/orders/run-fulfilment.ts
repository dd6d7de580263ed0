// One run of the fulfilment sandbox for the Cron Trigger and for /admin/fulfilment/run, logged.

import type { Bindings } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import { sandboxFulfilment } from './fulfilment.ts';
import { purgeRestockedPages } from './stock-pages.ts';

export async function runFulfilment(env: Bindings, now: Date, orderNumber?: string): Promise<Record<string, number>> {
  const logger = createLogger({ app: env.APP_ID });
  const restocked = (order: string) => purgeRestockedPages(env, order, logger);
  const moved = await sandboxFulfilment(env.DB, () => paymentProviderFor(env), mailerFor(env), restocked).advance(now, orderNumber);
  logger.info('fulfilment.run', { at: now.toISOString(), ...(orderNumber ? { orderNumber } : {}), moved });
  return moved;
}
