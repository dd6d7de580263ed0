// One run of the fulfilment for the Cron Trigger and for /admin/fulfilment/run, logged. FULFILMENT_SERVICE
// picks what moves the orders: `shipstation` (with its key and secret) sends orders with units from the
// warehouse to ShipStation and follows its parcels, while the others (picked up from a store's own stock, gift
// cards sent by email) keep the schedule without a carrier; otherwise the sandbox moves every order.

import type { Bindings } from '../../env.ts';
import { createLogger, type Logger } from '../../lib/logger.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import { type Fulfilment, fulfilmentWith, sandboxFulfilment, scheduleSource } from './fulfilment.ts';
import { shipStationWarehouse } from './shipstation.ts';
import { purgeRestockedPages } from './stock-pages.ts';
import { NOT_FROM_WAREHOUSE } from './warehouse-orders.ts';
import { warehouseSource } from './warehouse-source.ts';

/**
 * The fulfilment the configuration names, the sandbox when it names none. A service named without its keys
 * moves no order (the sandbox would ship them with made-up tracking numbers and take their money) and says
 * so in every run's log; refunds and returns still settle.
 */
export function fulfilmentFor(env: Bindings, logger: Logger, fetcher: typeof fetch = fetch): Fulfilment {
  const payments = () => paymentProviderFor(env);
  const restocked = (order: string) => purgeRestockedPages(env, order, logger);
  const mailer = mailerFor(env);
  if (env.FULFILMENT_SERVICE !== 'shipstation') return sandboxFulfilment(env.DB, payments, mailer, restocked);
  if (!env.SHIPSTATION_API_KEY || !env.SHIPSTATION_API_SECRET) {
    logger.error('fulfilment.misconfigured', { service: env.FULFILMENT_SERVICE, missing: 'SHIPSTATION_API_KEY and SHIPSTATION_API_SECRET' });
    return fulfilmentWith(env.DB, payments, mailer, restocked, []);
  }
  const warehouse = shipStationWarehouse(
    { apiKey: env.SHIPSTATION_API_KEY, apiSecret: env.SHIPSTATION_API_SECRET, v2ApiKey: env.SHIPSTATION_V2_API_KEY },
    { fetcher },
  );
  return fulfilmentWith(env.DB, payments, mailer, restocked, [
    warehouseSource(env.DB, warehouse, logger),
    scheduleSource(env.DB, { where: NOT_FROM_WAREHOUSE, tracking: false }),
  ]);
}

export async function runFulfilment(env: Bindings, now: Date, orderNumber?: string, fetcher: typeof fetch = fetch): Promise<Record<string, number>> {
  const logger = createLogger({ app: env.APP_ID });
  const moved = await fulfilmentFor(env, logger, fetcher).advance(now, orderNumber);
  logger.info('fulfilment.run', { at: now.toISOString(), ...(orderNumber ? { orderNumber } : {}), moved });
  return moved;
}
