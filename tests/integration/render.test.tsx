import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/worker/env.ts';
import { consent } from '../../src/worker/middleware/consent.ts';
import { correlationId } from '../../src/worker/middleware/correlation-id.ts';
import { locale } from '../../src/worker/middleware/locale.ts';
import { preview } from '../../src/worker/middleware/preview.ts';
import { securityHeaders } from '../../src/worker/middleware/security-headers.ts';
import { streamPage } from '../../src/worker/pages/render.tsx';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker: string, text = ''): Promise<string> {
  const decoder = new TextDecoder();
  let out = text;
  while (!out.includes(marker)) {
    const { done, value } = await reader.read();
    if (done) break;
    out += decoder.decode(value, { stream: true });
  }
  return out;
}

function appWith(body: Promise<React.ReactNode>) {
  const app = new Hono<AppEnv>();
  app.use(correlationId(), securityHeaders(), locale(), preview(), consent());
  app.get('/:locale/test', (c) =>
    streamPage(c, {
      meta: { title: 'Test', description: 'Test page', pageType: 'Other', styles: [] },
      body,
      fallback: () => <p className="fallback">Could not load</p>,
    }),
  );
  return app;
}

describe('streamPage', () => {
  it('sends the head and the header before the body has loaded', async () => {
    const body = deferred<React.ReactNode>();
    const response = await appWith(body.promise).request('/en-gb/test', {}, env);
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const shell = await readUntil(reader, '<main');
    expect(shell).toContain('<html lang="en-GB">');
    expect(shell).toContain('</header>');
    expect(shell).not.toContain('loaded body');
    body.resolve(<p>loaded body</p>);
    const rest = await readUntil(reader, '</html>', shell);
    expect(rest).toContain('<p>loaded body</p>');
    expect(rest).toContain('</footer>');
  });

  it('renders the fallback in place of a body that fails after the shell went out', async () => {
    const body = deferred<React.ReactNode>();
    const response = await appWith(body.promise).request('/en-us/test', {}, env);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const shell = await readUntil(reader, '<main');
    body.reject(new Error('D1 went away'));
    const rest = await readUntil(reader, '</html>', shell);
    expect(rest).toContain('<p class="fallback">Could not load</p>');
    expect(rest).not.toContain('D1 went away');
  });
});
