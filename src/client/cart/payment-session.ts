// The payment session (commerce-core §7 paymentSession, §9: its retry after 3000 ms): a wallet's session is
// asked once more, three seconds later, when the first ask failed on the way; the server says the same delay
// in Retry-After. A coded refusal (Klarna's range, a basket that is not the shopper's) is said at once.

import type { RouteAnswer } from '../api.ts';
import { ApiError, callRoute } from '../api-answer.ts';

export const PAYMENT_SESSION_RETRY_MS = 3000;

type SessionPath = `/api/cart/v1/paymentSession?${string}`;

export async function openPaymentSession(path: SessionPath): Promise<RouteAnswer<'GET', SessionPath>> {
  try {
    return await callRoute('GET', path);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw error;
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_SESSION_RETRY_MS));
    return callRoute('GET', path);
  }
}
