// The one error type: code from the catalogue, optional message and field details.

import { ERROR_CATALOGUE, type ErrorCode, type ErrorDetail } from '../../shared/errors.ts';

export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetail[];
  /** Seconds until the refused thing may be tried again, sent as Retry-After. */
  retryAfter?: number;

  /** `cause`: the failure behind a 5xx answer, logged by the error handler and never sent to the client. */
  constructor(code: ErrorCode, message?: string, details?: ErrorDetail[], options?: { cause?: unknown }) {
    const entry = ERROR_CATALOGUE[code];
    super(message ?? entry.message, options);
    this.name = 'HttpError';
    this.code = code;
    this.status = entry.status;
    if (details) this.details = details;
  }
}
