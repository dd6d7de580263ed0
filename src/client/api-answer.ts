// The browser's API calls (commerce-core §7): the standard headers from what the page says of its locale
// and site (the browser never loads the sites table just to name them), and the answer read: a coded error
// becomes an ApiError the form can place (at a field, or as a notice); a 403 that carries an appId is the
// bot check refusing, which raises the bot-challenge event so the page can show the challenge again.
// One module, so every island that calls the API loads one small chunk for all of it.

import { standardHeaders } from '../shared/api/standard-headers.ts';
import type { ErrorDetail, ErrorEnvelope } from '../shared/errors.ts';
import type { PageState } from '../shared/island.ts';
import { analyticsAllowed } from './analytics-consent.ts';
import type { RouteCall } from './api.ts';
import { pageState } from './stores/snapshot.ts';

export const BOT_CHALLENGE_EVENT = 'cairn:bot-challenge';

export class ApiError extends Error {
  readonly errorId: string;
  readonly status: number;
  readonly details: ErrorDetail[];

  constructor(status: number, body: Partial<ErrorEnvelope>) {
    super(body.message ?? 'Something went wrong on our side. Please try again.');
    this.name = 'ApiError';
    this.status = status;
    this.errorId = body.errorId ?? 'GEN500';
    this.details = body.details ?? [];
  }

  /** The message the server gave for `field`, if it named one. */
  fieldMessage(field: string): string | undefined {
    return this.details.find((detail) => detail.field === field)?.message;
  }
}

/** What readAnswer needs of a response: what fetch and hono's client both answer. */
interface AnswerLike {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

export async function readAnswer<T>(response: AnswerLike): Promise<T> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) return body as T;
  const envelope = (body && typeof body === 'object' ? body : {}) as Partial<ErrorEnvelope>;
  if (response.status === 403 && envelope.appId) window.dispatchEvent(new CustomEvent(BOT_CHALLENGE_EVENT, { detail: { errorId: envelope.errorId } }));
  throw new ApiError(response.status, envelope);
}

/**
 * Whether tracking is on (analytics allowed: C0002 in EMEA, always elsewhere). In EMEA the consent cookie is read
 * by the parser analytics-consent.ts loads on demand, so every call does not carry it: a call uses the last
 * reading, made as the page loads and when the banner records a choice (none yet: off), and asks for a fresh one
 * for the next call (a choice made in another tab).
 */
let emeaTracking = false;
function readTracking(state: PageState): void {
  void analyticsAllowed(state).then((allowed) => {
    emeaTracking = allowed;
  });
}
// Read as the module loads, so the first call already knows, and again when the banner records a choice.
const loadedOn = pageState();
if (loadedOn?.site.region === 'EMEA') {
  readTracking(loadedOn);
  document.addEventListener('consent:changed', () => readTracking(loadedOn));
}

function trackingOn(state: PageState): boolean {
  if (state.site.region !== 'EMEA') return true;
  readTracking(state);
  return emeaTracking;
}

export function browserHeaders(): Record<string, string> {
  const state = pageState();
  if (!state) return {};
  // The channel is named only when tracking is on (commerce-core §7); the rest of the set always goes.
  const tracking = trackingOn(state) ? ({ trackingChannel: 'web' } as const) : {};
  return standardHeaders({ locale: { code: state.locale, site: state.site }, brand: state.brand, clientApp: 'storefront-web', ...tracking });
}

/**
 * A call to the API with the standard headers and a JSON body (if any), its answer read. Without a body it
 * names no content type: an empty body said to be JSON is refused (API400), as any malformed JSON is.
 */
export async function callApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit =
    body === undefined
      ? { method, headers: browserHeaders() }
      : { method, headers: { 'content-type': 'application/json', ...browserHeaders() }, body: JSON.stringify(body) };
  return readAnswer<T>(await fetch(path, init));
}

/** The same call with its path, body and answer checked against the API's routes (see RouteCall). */
export const callRoute = callApi as unknown as RouteCall;
