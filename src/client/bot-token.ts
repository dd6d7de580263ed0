// Cloudflare Turnstile for a form that calls the API (commerce-core §5, account-content §6): its script loads
// when the first such form shows, the widget renders explicitly into the form, and its token is read at submit
// and sent as recaptcha_response. A token vouches once: the form resets the widget after each call, and a call
// the bot check refused (the bot-challenge event) asks for the challenge again. No React here, so a plain
// island (the account's card form) uses it as the React component (bot-check.tsx) does.

import { TURNSTILE_SCRIPT } from '../shared/ui/bot-widget.tsx';
import { BOT_CHALLENGE_EVENT } from './api-answer.ts';

export interface BotToken {
  token: string | undefined;
  reset: () => void;
}

export type BotCheckAction = 'login' | 'register' | 'placeOrder' | 'shippingAddress' | 'saveCard';

interface Turnstile {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

let loading: Promise<Turnstile> | null = null;

function turnstile(): Promise<Turnstile> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${TURNSTILE_SCRIPT}?render=explicit`;
    script.async = true;
    // The page's CSP lets in scripts with its nonce.
    script.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
    script.onload = () => resolve((window as unknown as { turnstile: Turnstile }).turnstile);
    script.onerror = () => {
      loading = null;
      reject(new Error('Turnstile did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** A handle with no token yet, for a form whose widget has not rendered (or has none: no site key, locally). */
export const noBotToken = (): BotToken => ({ token: undefined, reset: () => undefined });

/**
 * Renders the widget for `action` into `container`; its token lands in `handle.current`. Answers what takes it
 * away again, after which the next form starts without a token: one belongs to its widget's form and action.
 */
export function mountBotCheck(container: HTMLElement, siteKey: string, action: BotCheckAction, handle: { current: BotToken }): () => void {
  let widget: string | null = null;
  let api: Turnstile | null = null;
  let live = true;
  void turnstile()
    .then((loaded) => {
      if (!live) return;
      api = loaded;
      widget = loaded.render(container, {
        sitekey: siteKey,
        action,
        appearance: 'interaction-only',
        callback: (token: string) => {
          handle.current.token = token;
        },
        'expired-callback': () => {
          handle.current.token = undefined;
        },
      });
      handle.current.reset = () => {
        handle.current.token = undefined;
        if (api && widget) api.reset(widget);
      };
    })
    .catch(() => undefined);
  // A call the bot check refused (a 403 with an appId, api-answer.ts) asks for the challenge again: a fresh
  // widget, which Turnstile shows interactively when it doubts the visitor.
  const challengeAgain = () => handle.current.reset();
  window.addEventListener(BOT_CHALLENGE_EVENT, challengeAgain);
  return () => {
    window.removeEventListener(BOT_CHALLENGE_EVENT, challengeAgain);
    live = false;
    if (api && widget) api.remove(widget);
    handle.current = noBotToken();
  };
}
