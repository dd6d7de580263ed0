// The card processor's two lanes in one deployment (account-content §9: sandbox or production is decided
// by the path prefix /p/). Everything the worker serves under /p/ is the production lane; the same paths
// without it are the sandbox lane. Each lane has its own ledger and its own keys, of its own kind as
// Stripe's test and live keys are, so a key, a token or a payment of one lane means nothing in the other.
// Pure data: the processor's worker and the store's adapter both read it.

export type LaneName = 'sandbox' | 'production';

export interface Lane {
  name: LaneName;
  /** The path prefix of every page and call of the lane, after the processor's origin. */
  base: '' | '/p';
  /** The Durable Object name of the lane's ledger. */
  ledgerName: string;
  /** Every secret key of the lane starts so, and no key of the other lane does. */
  secretPrefix: 'sk_test_' | 'sk_live_';
  publishablePrefix: 'pk_test_' | 'pk_live_';
}

export const LANES: Readonly<Record<LaneName, Lane>> = {
  // Named 'ledger' as the one ledger was before the production lane: local and deployed sandbox books stay where they are.
  sandbox: { name: 'sandbox', base: '', ledgerName: 'ledger', secretPrefix: 'sk_test_', publishablePrefix: 'pk_test_' },
  production: { name: 'production', base: '/p', ledgerName: 'ledger:production', secretPrefix: 'sk_live_', publishablePrefix: 'pk_live_' },
};
