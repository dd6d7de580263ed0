// Security headers: CSP with a per-request nonce for inline scripts, HSTS, nosniff, referrer policy, framing.

import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env.ts';

/** Cloudflare Turnstile's widget: its script and its frame, when the site has a key. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

function headers(turnstile: boolean): MiddlewareHandler<AppEnv> {
  const extra = turnstile ? [TURNSTILE_ORIGIN] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...extra],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...extra],
      frameSrc: extra.length > 0 ? extra : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
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
  const plain = headers(false);
  const withTurnstile = headers(true);
  return (c, next) => (c.env.TURNSTILE_SITE_KEY ? withTurnstile : plain)(c, next);
}
