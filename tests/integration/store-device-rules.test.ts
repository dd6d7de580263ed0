// Store devices as the stores service keeps them (the security issue, §4), without HTTP against the real
// D1: an enrolment code registers one device, whatever arrives at the same moment, and the audit trail holds
// the enrolment and the revocation that happened, not the attempts that lost. The admin calls, the cookie
// and the associate page are associates.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDevice, enrolDevice, revokeDevice } from '../../src/worker/commerce/stores/devices.ts';

const operator = { credential: { name: 'ops@cairn.test' }, correlationId: 'store-device-rules' };

const auditOf = async (id: string) =>
  (await env.DB.prepare('SELECT action FROM audit_log WHERE subject = ?1 ORDER BY id').bind(`store-device:${id}`).all<{ action: string }>()).results.map(
    (row) => row.action,
  );

describe('a store device', () => {
  it('is enrolled once when its code is used 12 times at once, and only that enrolment is audited', async () => {
    const made = await createDevice(env.DB, 'US-0005', 'Till 9', operator);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        enrolDevice(env.DB, made.enrolmentCode, { address: `192.0.2.${i + 1}`, correlationId: `enrol-${i}` }).then(
          () => 'enrolled',
          (error: { code?: string }) => error.code ?? String(error),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'enrolled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'STR400')).toHaveLength(11);
    expect(await auditOf(made.device.id)).toEqual(['store.device_create', 'store.device_enrol']);
  });

  it('is revoked once when revoked twice at once, audited once, and its code enrols nothing after', async () => {
    const made = await createDevice(env.DB, 'US-0006', 'Till 10', operator);
    const outcomes = await Promise.all(
      [0, 1].map(() =>
        revokeDevice(env.DB, made.device.id, operator).then(
          () => 'revoked',
          (error: { code?: string }) => error.code ?? String(error),
        ),
      ),
    );
    expect(outcomes.sort()).toEqual(['API404', 'revoked']);
    expect(await auditOf(made.device.id)).toEqual(['store.device_create', 'store.device_revoke']);
    await expect(enrolDevice(env.DB, made.enrolmentCode, { address: '192.0.2.99', correlationId: 'late' })).rejects.toMatchObject({ code: 'STR400' });
  });
});
