// Which processor this deployment pays through: Stripe when its keys are set (wrangler secrets), else
// the sandbox worker bound as PAYMENTS. Neither configured is a deployment mistake, said plainly.

import { HttpError } from '../../lib/http-error.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox-provider.ts';
import { stripeProvider } from './stripe-provider.ts';

export interface PaymentEnv {
  PAYMENTS?: Fetcher;
  /** The sandbox processor's public origin: the browser frames its card fields from there. */
  PAYMENTS_ORIGIN?: string;
  PAYMENTS_SECRET_KEY?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  /** Apple Pay with Stripe: the merchant identifier and its identity certificate (an mtls_certificates binding). */
  APPLE_PAY_MERCHANT_ID?: string;
  APPLE_PAY_CERTIFICATE?: Fetcher;
}

export function paymentProviderFor(env: PaymentEnv): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)
    return stripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      applePay:
        env.APPLE_PAY_MERCHANT_ID && env.APPLE_PAY_CERTIFICATE ? { merchantId: env.APPLE_PAY_MERCHANT_ID, certificate: env.APPLE_PAY_CERTIFICATE } : undefined,
    });
  if (env.PAYMENTS && env.PAYMENTS_ORIGIN && env.PAYMENTS_SECRET_KEY) {
    return sandboxProvider({ binding: env.PAYMENTS, origin: env.PAYMENTS_ORIGIN, secretKey: env.PAYMENTS_SECRET_KEY });
  }
  throw new HttpError('GEN500', 'Payments are not configured: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or bind the sandbox as PAYMENTS.');
}

/** The origin the CSP must let the card fields and challenge frames come from. */
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
