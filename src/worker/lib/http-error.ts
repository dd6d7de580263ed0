// The one error type: code from the catalogue, optional message and field details.

import { ERROR_CATALOGUE, type ErrorCode } from '../../shared/errors.ts';

export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: { field?: string; message: string }[];

  constructor(code: ErrorCode, message?: string, details?: { field?: string; message: string }[]) {
    const entry = ERROR_CATALOGUE[code];
    super(message ?? entry.message);
    this.name = 'HttpError';
    this.code = code;
    this.status = entry.status;
    if (details) this.details = details;
  }
}
