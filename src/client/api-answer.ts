// Reading an API answer in the browser (commerce-core §7, handling of answers): a coded error becomes an
// ApiError the form can place (at a field, or as a notice); a 403 that carries an appId is the bot check
// refusing, which raises the bot-challenge event so the page can show the challenge again.

import type { ErrorEnvelope } from '../shared/errors.ts';

export const BOT_CHALLENGE_EVENT = 'cairn:bot-challenge';

export class ApiError extends Error {
  readonly errorId: string;
  readonly status: number;
  readonly details: { field?: string; message: string }[];

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
