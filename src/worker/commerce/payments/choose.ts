// Which processor this deployment pays through: Stripe when its keys are set (wrangler secrets), else the
// store's own processor bound as PAYMENTS, in the lane PAYMENTS_MODE names (lanes.ts: production under /p/
// with the live key, or the sandbox). Neither configured, or a lane without its key, is a deployment
// mistake, said plainly.

import { LANES, type Lane } from '../../../payments/lanes.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { PaymentProvider } from './provider.ts';
import { type ProcessorTrace, sandboxProvider } from './sandbox-provider.ts';
import { stripeProvider } from './stripe-provider.ts';

export interface PaymentEnv {
  PAYMENTS?: Fetcher;
  /** The processor's public origin: the browser frames its card fields from there (under /p/ in production). */
  PAYMENTS_ORIGIN?: string;
  /** "production" pays in the processor's production lane (/p/, PAYMENTS_LIVE_SECRET_KEY); "sandbox", the default, in its sandbox lane. */
  PAYMENTS_MODE?: string;
  /** The sandbox lane's secret key (sk_test_…). */
  PAYMENTS_SECRET_KEY?: string;
  /** The production lane's secret key (sk_live_…). */
  PAYMENTS_LIVE_SECRET_KEY?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  /** Apple Pay with Stripe: the merchant identifier and its identity certificate (an mtls_certificates binding). */
  APPLE_PAY_MERCHANT_ID?: string;
  APPLE_PAY_CERTIFICATE?: Fetcher;
}

/** The processor's lane this store pays in, and its key; a mode or key that cannot work is refused by name. */
export function processorLane(env: PaymentEnv): { lane: Lane; secretKey: string } {
  const mode = env.PAYMENTS_MODE ?? 'sandbox';
  if (mode !== 'sandbox' && mode !== 'production') throw new HttpError('GEN500', `PAYMENTS_MODE is "${mode}": set it to "production" or "sandbox".`);
  const lane = LANES[mode];
  const name = mode === 'production' ? 'PAYMENTS_LIVE_SECRET_KEY' : 'PAYMENTS_SECRET_KEY';
  const secretKey = env[name];
  if (!secretKey)
    throw new HttpError('GEN500', `Payments are not configured: PAYMENTS_MODE=${mode} pays with ${name}; set it (npx wrangler secret put ${name}).`);
  if (!secretKey.startsWith(lane.secretPrefix)) {
    throw new HttpError('GEN500', `${name} must be a ${mode} key starting ${lane.secretPrefix}: the processor's ${mode} lane refuses any other.`);
  }
  return { lane, secretKey };
}

/** `trace` (a service's deps will do) names the store request the processor's calls serve, for its logs. */
export function paymentProviderFor(env: PaymentEnv, trace?: ProcessorTrace): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)
    return stripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      applePay:
        env.APPLE_PAY_MERCHANT_ID && env.APPLE_PAY_CERTIFICATE ? { merchantId: env.APPLE_PAY_MERCHANT_ID, certificate: env.APPLE_PAY_CERTIFICATE } : undefined,
      trace,
    });
  if (env.PAYMENTS && env.PAYMENTS_ORIGIN) {
    const { lane, secretKey } = processorLane(env);
    return sandboxProvider({ binding: env.PAYMENTS, origin: env.PAYMENTS_ORIGIN, lane, secretKey, trace });
  }
  throw new HttpError('GEN500', 'Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or bind the processor as PAYMENTS.');
}

/**
 * The origin the CSP must let the card fields and challenge frames come from. An origin alone, whatever the
 * lane: a CSP source with a path would match that one path, and the production lane's frames are under /p/.
 */
export function paymentFrameOrigin(env: PaymentEnv): string | null {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) return 'https://js.stripe.com';
  return env.PAYMENTS_ORIGIN ?? null;
}

/** Whether pages may offer Apple Pay: a deployment without payments configured simply does not. */
export function applePayOffered(env: PaymentEnv): boolean {
  try {
    return paymentProviderFor(env).applePay;
  } catch {
    return false;
  }
}
