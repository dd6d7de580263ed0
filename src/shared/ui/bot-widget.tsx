// Cloudflare Turnstile's widget in a plain form: it adds its token to the form as cf-turnstile-response,
// which the server verifies. Rendered only where the site has a key; locally the check runs on the server alone.

export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

export function BotWidget({ siteKey, action, nonce }: { siteKey: string; action: 'login' | 'register' | 'contact'; nonce: string }) {
  return (
    <>
      <div className="cf-turnstile" data-sitekey={siteKey} data-action={action} data-appearance="interaction-only" />
      <script src={TURNSTILE_SCRIPT} async defer nonce={nonce} />
    </>
  );
}
