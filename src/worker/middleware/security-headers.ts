// Security headers: CSP with a per-request nonce for inline scripts, HSTS, nosniff, referrer policy, framing.

import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { CLOUDINARY_ORIGIN } from '../../shared/media/cloudinary.ts';
import { paymentFrameOrigin } from '../commerce/payments/choose.ts';
import type { AppEnv } from '../env.ts';

/** Cloudflare Turnstile's widget: its script and its frame, when the site has a key. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * The payment processor's origin is allowed by name (ARCHITECTURE.md, Seams): its card fields and 3-D
 * Secure pages are framed from it, and Stripe's script loads from it.
 */
function headers(turnstile: boolean, payments: string | null): MiddlewareHandler<AppEnv> {
  const extra = turnstile ? [TURNSTILE_ORIGIN] : [];
  const frames = [...extra, ...(payments ? [payments] : [])];
  const stripe = payments === 'https://js.stripe.com' ? [payments] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...extra, ...stripe],
      styleSrc: ["'self'"],
      // A video block's Cloudinary asset and its poster frame (shared/media/cloudinary.ts). The header leaves before
      // the content that may hold one is read, and cached pages are served without reading it, so it is allowed on
      // every page; for media and images only, where a foreign file cannot run.
      imgSrc: ["'self'", 'data:', CLOUDINARY_ORIGIN],
      mediaSrc: ["'self'", CLOUDINARY_ORIGIN],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...extra],
      frameSrc: frames.length > 0 ? frames : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      // The product page's wallet button posts here and is redirected to the wallet: the redirect counts too.
      formAction: ["'self'", ...(payments ? [payments === 'https://js.stripe.com' ? 'https://*.stripe.com' : payments] : [])],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: 'max-age=63072000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'], payment: ['self'] },
  });
}

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  const built = new Map<string, MiddlewareHandler<AppEnv>>();
  return (c, next) => {
    const turnstile = Boolean(c.env.TURNSTILE_SITE_KEY);
    const payments = paymentFrameOrigin(c.env);
    const key = `${turnstile}|${payments}`;
    let handler = built.get(key);
    if (!handler) {
      handler = headers(turnstile, payments);
      built.set(key, handler);
    }
    return handler(c, next);
  };
}
