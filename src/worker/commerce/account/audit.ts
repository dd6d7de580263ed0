// The account area's audit (the account issue, §3 Rules): every change to a shopper's records names its
// actor, the shopper or the associate serving them in a store, and the subject it touched.

import type { Context } from 'hono';
import { auditStatement } from '../../admin/audit.ts';
import type { AppEnv } from '../../env.ts';

export function accountAudit(
  c: Context<AppEnv>,
  consumerNo: string,
  action: string,
  details: Record<string, unknown>,
  subject = `consumer:${consumerNo}`,
): D1PreparedStatement {
  const associate = c.get('session')?.claims.buyInStore;
  return auditStatement(c.env.DB, {
    actor: associate ? `associate:${associate.storeEmployeeId}@${associate.storeId}` : `consumer:${consumerNo}`,
    action,
    subject,
    details,
    correlationId: c.get('correlationId'),
  });
}
