// Cloudflare Turnstile in a React island (the sign-in dialog, a guest's delivery address, checkout's review):
// the widget of bot-token.ts in a component, its token in `handle` for the call to send as recaptcha_response.

import { type RefObject, useEffect, useRef } from 'react';
import { type BotCheckAction, type BotToken, mountBotCheck } from './bot-token.ts';

export function BotCheck({ siteKey, action, handle }: { siteKey: string; action: BotCheckAction; handle: RefObject<BotToken> }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => (container.current ? mountBotCheck(container.current, siteKey, action, handle) : undefined), [siteKey, action, handle]);
  return <div className="bot-check" ref={container} />;
}
