// Cloudflare Turnstile in an island (the sign-in dialog, a guest's delivery address, checkout's review): its script loads when a form
// that needs it first shows, the widget renders explicitly, and its token rides with the call
// (recaptcha_response). A refused call resets it, as a used token cannot vouch twice.

import { type RefObject, useEffect, useRef } from 'react';
import { TURNSTILE_SCRIPT } from '../shared/ui/bot-widget.tsx';
import { BOT_CHALLENGE_EVENT } from './api-answer.ts';

export interface BotToken {
  token: string | undefined;
  reset: () => void;
}

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

export function BotCheck({
  siteKey,
  action,
  handle,
}: {
  siteKey: string;
  action: 'login' | 'register' | 'placeOrder' | 'shippingAddress';
  handle: RefObject<BotToken>;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let widget: string | null = null;
    let api: Turnstile | null = null;
    let live = true;
    void turnstile()
      .then((loaded) => {
        if (!live || !container.current) return;
        api = loaded;
        widget = loaded.render(container.current, {
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
      // A token belongs to its widget's form and action: the next form starts without one.
      handle.current = { token: undefined, reset: () => undefined };
    };
  }, [siteKey, action, handle]);
  return <div className="bot-check" ref={container} />;
}
