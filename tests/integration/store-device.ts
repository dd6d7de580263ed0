// Store devices for the associate tests: an operator registers one through the admin API (a one-time
// code), and the device enrols with it, receiving the cookie that an associate sign-in needs.

import { ADMIN_HEADERS, getJson, ORIGIN, request } from './helpers.ts';
import { cookieHeader, cookiesOf } from './identity.ts';
import type { Jar } from './jar.ts';

type Json = Record<string, any>;

/** An operator's new device for the store: its id and the code the device enrols with. */
export async function enrolmentCode(storeId: string, label = 'Till 1'): Promise<{ deviceId: string; code: string }> {
  const made = await getJson<Json>(`/admin/stores/${storeId}/devices`, { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ label }) });
  if (made.status !== 201) throw new Error(`device: ${made.status} ${JSON.stringify(made.body)}`);
  return { deviceId: made.body.device.id, code: made.body.enrolmentCode };
}

/** Enrols a device with a code; answers the status and the device's cookies. */
export async function enrol(code: string, address = '192.0.2.250') {
  const response = await request('/api/consumers-v3/associate/device', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': address },
    body: JSON.stringify({ deviceCode: code }),
  });
  return { status: response.status, body: (await response.json()) as Json, cookies: cookiesOf(response) };
}

/** A device registered to the store: the cookie header it sends. */
export async function storeDevice(storeId: string): Promise<string> {
  const { code } = await enrolmentCode(storeId);
  const enrolled = await enrol(code);
  if (enrolled.status !== 201) throw new Error(`enrol: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
  return cookieHeader(enrolled.cookies);
}

/** The jar's browser becomes a device registered to the store (its cookie kept in the jar), as the associate page does. */
export async function registerStoreDevice(jar: Jar, storeId: string): Promise<void> {
  const { code } = await enrolmentCode(storeId);
  const enrolled = await jar.api('POST', '/api/consumers-v3/associate/device', { deviceCode: code });
  if (enrolled.status !== 201) throw new Error(`enrol: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
}
