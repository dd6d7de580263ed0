// What the app registers, read from the app itself: the methods a path answers to (for 405 and its Allow
// header), and the list of routes the hostile-input tests walk, so routes added later are covered too.

import type { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

export interface RegisteredRoute {
  method: string;
  path: string;
}

/** Middleware (method ALL) and the final catch-all are not routes a client can call. */
function isEndpoint(route: RegisteredRoute): boolean {
  return route.method !== 'ALL' && route.path !== '*' && route.path !== '/*';
}

// biome-ignore lint/suspicious/noExplicitAny: any app's environment; only its route table is read.
type AnyApp = Hono<any, any, any>;

export function registeredRoutes(app: AnyApp): RegisteredRoute[] {
  const seen = new Set<string>();
  const routes: RegisteredRoute[] = [];
  for (const { method, path } of app.routes) {
    const key = `${method} ${path}`;
    if (seen.has(key) || !isEndpoint({ method, path })) continue;
    seen.add(key);
    routes.push({ method, path });
  }
  return routes;
}

/** A lookup of the methods registered for a path; GET brings HEAD, as Hono answers HEAD with the GET route. */
export function allowedMethods(app: AnyApp): (path: string) => string[] {
  let router: TrieRouter<string> | undefined;
  return (path) => {
    if (!router) {
      router = new TrieRouter<string>();
      for (const route of registeredRoutes(app)) router.add('ALL', route.path, route.method);
    }
    const methods = new Set<string>();
    for (const [method] of router.match('ALL', path)[0]) {
      methods.add(method);
      if (method === 'GET') methods.add('HEAD');
    }
    return [...methods].sort();
  };
}
