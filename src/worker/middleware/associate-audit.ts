// Every action an in-store associate takes (account-content §6) goes to the audit log under their
// employee id: each change a request made while a store device was connected, or that connected it.

import type { MiddlewareHandler } from 'hono';
import { isConnected } from '../commerce/identity/associates.ts';
import type { AppEnv } from '../env.ts';
import { auditStatement } from '../lib/audit.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function associateAudit(): MiddlewareHandler<AppEnv> {
  return async function associateAuditMiddleware(c, next) {
    const before = c.get('session')?.claims.buyInStore;
    await next();
    if (READS.has(c.req.method) || c.res.status >= 400) return;
    // The associate who acted: the one connected when the request came, or the one it connected.
    const after = c.get('session')?.claims;
    const associate = isConnected(before) ? before : isConnected(after?.buyInStore) ? after?.buyInStore : undefined;
    if (!associate) return;
    try {
      await auditStatement(c.env.DB, {
        actor: `associate:${associate.storeEmployeeId}`,
        action: `${c.req.method} ${c.req.routePath}`,
        subject: `store:${associate.storeId}`,
        details: { path: c.req.path, status: c.res.status, usid: after?.usid ?? null, consumerNo: after?.consumerNo ?? null },
        correlationId: c.get('correlationId'),
      }).run();
    } catch (error) {
      // The action itself happened: a failed audit write is an alert, not a second failure for the shopper.
      c.get('logger').error('associate.audit_failed', { reason: error instanceof Error ? error.message : String(error) });
    }
  };
}
