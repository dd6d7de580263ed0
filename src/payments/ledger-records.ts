// What the sandbox processor's ledger (ledger.ts) keeps and answers: the tokens it issued, authorizations,
// wallet sessions and their payers, the input to an authorization and why the ledger refuses a call. The
// sandbox's pages and the store's sandbox adapter read these shapes too.

import type { CardBrand } from './cards.ts';

export type AuthorizationStatus = 'authorized' | 'declined' | 'requires_action' | 'blocked' | 'voided' | 'captured' | 'refunded';

export interface TokenRecord {
  id: string;
  brand: CardBrand;
  last4: string;
  bin: string;
  expMonth: number;
  expYear: number;
}

export interface Authorization {
  id: string;
  status: AuthorizationStatus;
  amount: number;
  currency: string;
  reference: string;
  method: 'card' | WalletMethod;
  declineCode: string | null;
  /** Set while a 3-D Secure challenge waits for the shopper. */
  challengeUrl: string | null;
  card: TokenRecord | null;
  /** What was taken at capture (at most the amount: a smaller capture releases the rest). */
  capturedAmount: number;
  /** What has been given back of the captured amount, over every refund. */
  refundedAmount: number;
  createdAt: string;
}

export type WalletMethod = 'paypal' | 'klarna' | 'applepay';
export type WalletStatus = 'pending' | 'approved' | 'cancelled' | 'used';

export interface WalletSession {
  id: string;
  method: WalletMethod;
  amount: number;
  currency: string;
  reference: string;
  returnUrl: string;
  cancelUrl: string;
  status: WalletStatus;
  /** Who approved it, and where they ship to: a wallet hands the store its buyer's address. */
  payer: WalletPayer | null;
  createdAt: string;
}

export interface WalletPayer {
  email: string;
  firstName: string;
  lastName: string;
  address: { addressLine1: string; city: string; postalCode: string; province: string; countryCode: string; phone: string };
}

export interface AuthorizeInput {
  idempotencyKey: string;
  token?: string | undefined;
  walletSession?: string | undefined;
  amount: number;
  currency: string;
  reference: string;
  deviceId?: string | undefined;
  /** The lane's public address (the processor's origin, plus /p in production): the challenge page is under it. */
  challengeBase: string;
}

export type LedgerRefusal =
  | 'unknown-token'
  | 'unknown-session'
  | 'session-not-approved'
  | 'idempotency-mismatch'
  | 'unknown-authorization'
  | 'not-voidable'
  | 'amount-invalid'
  | 'amount-exceeds-session'
  | 'currency-mismatch';
