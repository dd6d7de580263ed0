// The processor's card fields, in its own frame (sandbox) or its own script (Stripe): the island asks for
// a token and gets one, never a card number. Loaded when the billing step needs them, not before.

import type { CardFieldsConfig } from '../../../shared/commerce/checkout.ts';

export interface CardProblem {
  field: string;
  message: string;
}

export interface CardFields {
  /** A token for what the shopper typed, or the problems the fields found (already shown at the fields). */
  tokenize(): Promise<{ ok: true; token: string } | { ok: false; problems: CardProblem[] }>;
  focus(): void;
  destroy(): void;
}

interface SandboxMessage {
  source?: string;
  type?: string;
  requestId?: string;
  height?: number;
  token?: { id: string };
  problems?: CardProblem[];
}

/** The processor's fields in a frame on its origin (the lane's page the server named); messages are only taken from that origin. */
export function sandboxCardFields(container: HTMLElement, fieldsUrl: string, options: { lang: string; mode: 'card' | 'cvc'; title: string }): CardFields {
  const origin = new URL(fieldsUrl).origin;
  const frame = document.createElement('iframe');
  frame.title = options.title;
  frame.className = 'card-fields__frame';
  frame.src = `${fieldsUrl}?parent=${encodeURIComponent(location.origin)}&lang=${options.lang}&mode=${options.mode}`;
  // Room for the fields before the frame reports its height: nothing below moves when it loads.
  frame.style.height = options.mode === 'cvc' ? '96px' : '180px';
  container.appendChild(frame);
  const pending = new Map<string, (answer: { ok: true; token: string } | { ok: false; problems: CardProblem[] }) => void>();
  const onMessage = (event: MessageEvent<SandboxMessage>) => {
    if (event.origin !== origin || event.source !== frame.contentWindow || event.data?.source !== 'sandbox-pay') return;
    const data = event.data;
    if (data.type === 'size' && data.height) frame.style.height = `${Math.ceil(data.height)}px`;
    const settle = data.requestId ? pending.get(data.requestId) : undefined;
    if (!settle || !data.requestId) return;
    pending.delete(data.requestId);
    if (data.type === 'token' && data.token) settle({ ok: true, token: data.token.id });
    else settle({ ok: false, problems: data.problems ?? [] });
  };
  window.addEventListener('message', onMessage);
  return {
    tokenize() {
      const requestId = crypto.randomUUID();
      return new Promise((resolve) => {
        pending.set(requestId, resolve);
        frame.contentWindow?.postMessage({ source: 'store', type: 'tokenize', requestId }, origin);
      });
    },
    focus() {
      frame.contentWindow?.postMessage({ source: 'store', type: 'focus' }, origin);
    },
    destroy() {
      window.removeEventListener('message', onMessage);
      frame.remove();
    },
  };
}

interface StripeElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  focus(): void;
}
interface StripeJs {
  elements(): { create(kind: 'card' | 'cardCvc', options?: object): StripeElement };
  createPaymentMethod(input: { type: 'card'; card: StripeElement }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
  createToken(kind: 'cvc_update', element: StripeElement): Promise<{ token?: { id: string }; error?: { message?: string } }>;
}

/** Stripe Elements, from js.stripe.com: loaded once, when the billing step asks for it. */
async function stripeJs(publishableKey: string): Promise<StripeJs> {
  const global = window as unknown as { Stripe?: (key: string) => StripeJs };
  if (!global.Stripe) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = 'https://js.stripe.com/v3/';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('Stripe.js did not load'));
      document.head.appendChild(script);
    });
  }
  if (!global.Stripe) throw new Error('Stripe.js did not load');
  return global.Stripe(publishableKey);
}

export async function stripeCardFields(container: HTMLElement, publishableKey: string, mode: 'card' | 'cvc'): Promise<CardFields> {
  const stripe = await stripeJs(publishableKey);
  const element = stripe.elements().create(mode === 'cvc' ? 'cardCvc' : 'card');
  const target = document.createElement('div');
  target.className = 'card-fields__stripe';
  container.appendChild(target);
  element.mount(target);
  return {
    async tokenize() {
      if (mode === 'cvc') {
        const answer = await stripe.createToken('cvc_update', element);
        return answer.token ? { ok: true, token: answer.token.id } : { ok: false, problems: [{ field: 'cvc', message: answer.error?.message ?? '' }] };
      }
      const answer = await stripe.createPaymentMethod({ type: 'card', card: element });
      return answer.paymentMethod
        ? { ok: true, token: answer.paymentMethod.id }
        : { ok: false, problems: [{ field: 'number', message: answer.error?.message ?? '' }] };
    },
    focus: () => element.focus(),
    destroy() {
      element.destroy();
      target.remove();
    },
  };
}

export async function mountCardFields(
  container: HTMLElement,
  config: CardFieldsConfig,
  options: { lang: string; mode: 'card' | 'cvc'; title: string },
): Promise<CardFields> {
  return config.provider === 'stripe'
    ? stripeCardFields(container, config.publishableKey, options.mode)
    : sandboxCardFields(container, config.fieldsUrl, options);
}
