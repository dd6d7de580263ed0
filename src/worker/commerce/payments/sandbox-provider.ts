// The store's side of its own card processor: the /v1 API of one lane through the PAYMENTS service binding,
// with that lane's secret key. Requests are addressed to the processor's public origin under the lane's
// prefix (/p in production, lanes.ts) so the URLs it hands back (challenge, wallet pages) and the card
// fields' frame are the lane's, and the ones the shopper's browser can open.

import type { Lane } from '../../../payments/lanes.ts';
import type { Authorization } from '../../../payments/ledger-records.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  type AuthorizeRequest,
  type CardSummary,
  type DeclineReason,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  type WalletSessionState,
} from './provider.ts';

export interface SandboxConfig {
  binding: Fetcher;
  origin: string;
  lane: Lane;
  /** The lane's secret key: sk_test_… for the sandbox, sk_live_… for production. */
  secretKey: string;
  /** The store request this call serves: its correlation id goes to the processor, which logs it and answers it back. */
  trace?: ProcessorTrace | undefined;
}

export interface ProcessorTrace {
  correlationId: string;
  logger: Logger;
}

/** The lane's address: the processor's origin, then /p in production. */
const laneBase = (config: SandboxConfig) => `${config.origin}${config.lane.base}`;

/** A call to the lane's /v1 with its secret key; a refused key or a failing processor is an error, any other answer is read. */
function laneCall(config: SandboxConfig) {
  return async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    const trace = config.trace;
    const response = await config.binding.fetch(`${laneBase(config)}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        ...(trace ? { 'x-correlation-id': trace.correlationId } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // The resource only (a token or an authorization id stays out of the logs); the id the processor answered shows it logged ours.
    trace?.logger.info('payments.processor_call', {
      lane: config.lane.name,
      call: `${method} /v1/${path.split('/')[1] ?? ''}`,
      status: response.status,
      processorCorrelationId: response.headers.get('x-correlation-id'),
    });
    if (response.status >= 500 || response.status === 401)
      throw new PaymentProviderError(`${config.lane.name} ${method} ${path} answered ${response.status}`, response.status);
    return { status: response.status, body: (await response.json()) as T };
  };
}

export function sandboxProvider(config: SandboxConfig): PaymentProvider {
  const call = laneCall(config);
  const outcomeOf = (a: Authorization): PaymentOutcome => {
    switch (a.status) {
      case 'authorized':
      case 'captured':
      case 'refunded':
        return { status: 'authorized', authorizationId: a.id };
      case 'requires_action':
        return { status: 'requires_action', authorizationId: a.id, challengeUrl: a.challengeUrl ?? '' };
      case 'blocked':
        return { status: 'blocked', authorizationId: a.id };
      case 'voided':
        return { status: 'voided', authorizationId: a.id };
      default:
        return { status: 'declined', authorizationId: a.id, reason: (a.declineCode ?? 'card_declined') as DeclineReason };
    }
  };

  return {
    name: 'sandbox',
    cardFields: () => ({ provider: 'sandbox', fieldsUrl: `${laneBase(config)}/fields` }),
    async cardOf(token) {
      const answer = await call<{ card: CardSummary }>('GET', `/tokens/${encodeURIComponent(token)}`);
      return answer.status === 200 ? answer.body.card : null;
    },
    async registerDevice(signals) {
      const answer = await call<{ deviceId: string }>('POST', '/devices', signals);
      return answer.body.deviceId;
    },
    async authorize(request: AuthorizeRequest) {
      const answer = await call<Authorization | { error: { code: string } }>(
        'POST',
        '/authorizations',
        {
          ...('token' in request.source ? { token: request.source.token } : { walletSession: request.source.walletSession }),
          amount: request.amount,
          currency: request.currency,
          reference: request.reference,
          deviceId: request.deviceId,
        },
        { 'idempotency-key': request.idempotencyKey },
      );
      if ('error' in answer.body) {
        const code = answer.body.error.code;
        // Asked for more, or another currency, than the shopper approved at the wallet: nothing was charged.
        if (code === 'amount-exceeds-session' || code === 'currency-mismatch') return { status: 'declined', authorizationId: '', reason: 'amount_changed' };
        // An unknown token or an unapproved wallet session: the payment is refused, nothing was charged.
        if (answer.status === 404 || answer.status === 402) return { status: 'declined', authorizationId: '', reason: 'processing_error' };
        throw new PaymentProviderError(`sandbox authorization refused: ${answer.body.error.code}`, answer.status);
      }
      return outcomeOf(answer.body);
    },
    async authorization(id) {
      const answer = await call<Authorization>('GET', `/authorizations/${encodeURIComponent(id)}`);
      if (answer.status !== 200) throw new PaymentProviderError(`sandbox has no authorization ${id}`, answer.status);
      return outcomeOf(answer.body);
    },
    async void(id) {
      const answer = await call('POST', `/authorizations/${encodeURIComponent(id)}/void`);
      if (answer.status !== 200) throw new PaymentProviderError(`sandbox could not void ${id}`, answer.status);
    },
    async capture(id, amount) {
      const answer = await call('POST', `/authorizations/${encodeURIComponent(id)}/capture`, { amount });
      if (answer.status !== 200) throw new PaymentProviderError(`sandbox could not capture ${id}`, answer.status);
    },
    async refund(id, refund) {
      const answer = await call('POST', `/authorizations/${encodeURIComponent(id)}/refund`, refund);
      if (answer.status !== 200) throw new PaymentProviderError(`sandbox could not refund ${id}`, answer.status);
    },
    async openWalletSession(request) {
      const answer = await call<{ id: string; redirectUrl: string }>('POST', '/wallet-sessions', request);
      if (answer.status !== 201) throw new PaymentProviderError('sandbox refused the wallet session', answer.status);
      return { id: answer.body.id, redirectUrl: answer.body.redirectUrl };
    },
    applePay: true,
    async applePayMerchantSession(request) {
      const answer = await call<Record<string, unknown>>('POST', '/apple-pay/sessions', request);
      if (answer.status !== 201) throw new PaymentProviderError('sandbox refused the Apple Pay merchant validation', answer.status);
      return answer.body;
    },
    async applePayToken(payment) {
      const answer = await call<{ id: string; card: CardSummary }>('POST', '/apple-pay/tokens', payment);
      return answer.status === 201 ? { token: answer.body.id, card: answer.body.card } : null;
    },
    async walletSession(id) {
      const answer = await call<{ id: string; status: 'pending' | 'approved' | 'cancelled' | 'used'; payer: WalletSessionState['payer'] }>(
        'GET',
        `/wallet-sessions/${encodeURIComponent(id)}`,
      );
      return answer.status === 200
        ? { id: answer.body.id, status: answer.body.status, payerEmail: answer.body.payer?.email ?? null, payer: answer.body.payer }
        : null;
    },
  };
}
