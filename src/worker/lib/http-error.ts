// The one error type: code from the catalogue, optional message and field details.

import { ERROR_CATALOGUE, type ErrorCode, type ErrorDetail } from '../../shared/errors.ts';

export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetail[];
  /** Seconds until the refused thing may be tried again, sent as Retry-After. */
  retryAfter?: number;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetail[]) {
    const entry = ERROR_CATALOGUE[code];
    super(message ?? entry.message);
    this.name = 'HttpError';
    this.code = code;
    this.status = entry.status;
    if (details) this.details = details;
  }
}
