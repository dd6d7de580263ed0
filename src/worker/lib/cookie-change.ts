// A cookie a service wants set or removed, as a value: the route or middleware that answers writes it
// (lib/http-cookies.ts), so no service needs the request to say what the browser keeps.

import type { CookieOptions } from 'hono/utils/cookie';

export type CookieChange = { name: string; value: string; options: CookieOptions } | { name: string; remove: true; options: CookieOptions };
