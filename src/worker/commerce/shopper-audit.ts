// A change to a shopper's records in the audit trail, from plain values: the actor is the shopper, or the
// associate serving them in a store, as lib/audit.ts accountAudit names it for a request.

import { auditStatement } from '../lib/audit.ts';
import type { ServiceDeps, Shopper } from './call.ts';

export function shopperAudit(
  deps: ServiceDeps,
  shopper: Pick<Shopper, 'claims'>,
  consumerNo: string,
  action: string,
  details: Record<string, unknown>,
  subject = `consumer:${consumerNo}`,
): D1PreparedStatement {
  const associate = shopper.claims?.buyInStore;
  return auditStatement(deps.env.DB, {
    actor: associate ? `associate:${associate.storeEmployeeId}@${associate.storeId}` : `consumer:${consumerNo}`,
    action,
    subject,
    details,
    correlationId: deps.correlationId,
  });
}
