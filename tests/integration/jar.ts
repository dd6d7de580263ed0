// A browser's cookie jar, enough for journeys through the worker: every answer's cookies kept (a later
// Set-Cookie replaces an earlier one), and sent with the next request, as forms or JSON.

import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { ORIGIN, request } from './helpers.ts';
import { cookieHeader, cookiesOf, signedIn } from './identity.ts';

type Json = Record<string, any>;

export class Jar {
  cookies: Record<string, string> = {};
  /** The address the requests come from (cf-connecting-ip), for limits counted per address. */
  address = '192.0.2.10';
  /** The address they go to (the Host a browser sends): the store's own unless a test says otherwise. */
  origin = ORIGIN;
  /** The bindings the worker runs with: the test's own unless a test changes one (BOT_CHECK, say). */
  bindings: typeof env = env;

  take(response: Response): Response {
    Object.assign(this.cookies, cookiesOf(response));
    return response;
  }

  get header(): string {
    return cookieHeader(this.cookies);
  }

  /** A plain form post, as a browser without JavaScript sends it. */
  async post(path: string, fields: Record<string, string>): Promise<Response> {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin, cookie: this.header, 'cf-connecting-ip': this.address };
    return this.take(await request(path, { method: 'POST', headers, body: new URLSearchParams(fields).toString() }, this.origin, this.bindings));
  }

  /** Follows the store's redirect (a path on the store, never another origin) with the jar's cookies. */
  async follow(location: string): Promise<{ response: Response; html: string }> {
    const url = new URL(location, this.origin);
    expect(url.origin).toBe(this.origin);
    return this.get(`${url.pathname}${url.search}`);
  }

  async get(path: string): Promise<{ response: Response; html: string }> {
    const response = this.take(await request(path, { headers: { cookie: this.header, 'cf-connecting-ip': this.address } }, this.origin, this.bindings));
    return { response, html: await response.text() };
  }

  /** An API call with a JSON body (or none). */
  async api(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<{ status: number; body: Json; headers: Headers }> {
    const headers: Record<string, string> = { origin: this.origin, cookie: this.header, 'cf-connecting-ip': this.address, ...extra };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = this.take(
      await request(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }, this.origin, this.bindings),
    );
    return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
  }
}

/** Guests one after another, each at an address of its own under `prefix` ("198.19.1."), for limits counted per address. */
export function guestsAt(prefix: string): () => Jar {
  let next = 0;
  return () => {
    const jar = new Jar();
    jar.address = `${prefix}${++next}`;
    return jar;
  };
}

/** A jar holding a demo account's signed-in session, at an address of its own. */
export async function signedInJar(email: string, address: string, password = DEMO_PASSWORD): Promise<Jar> {
  const session = await signedIn(email, password, address);
  expect(session.status).toBe(200);
  const jar = new Jar();
  jar.address = address;
  jar.cookies = Object.fromEntries(session.cookie.split('; ').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
  return jar;
}
