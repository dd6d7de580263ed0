// Content negotiation for the API (commerce-core §8 API406): it answers JSON, and an order's documents as
// PDF. A request whose Accept admits none of what the endpoint would answer is refused before anything runs,
// so a refused mutation changes nothing. The refusal itself is a JSON envelope, as RFC 9110 allows for 406.

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../lib/http-error.ts';
import { acceptsMediaType } from '../lib/media-type.ts';

/** The API's documents: an invoice and a return label, PDF, or a JSON envelope when refused. */
const DOCUMENTS = [/^\/api\/consumers-v3\/consumer\/purchase\/invoice\/download$/, /^\/api\/consumers-v3\/consumer\/return\/[^/]+\/[^/]+\/label$/];

export function answerTypesOf(path: string): readonly string[] {
  return DOCUMENTS.some((document) => document.test(path)) ? ['application/pdf', 'application/json'] : ['application/json'];
}

export function acceptable(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.path.startsWith('/api/')) return next();
    const accept = c.req.header('accept');
    const types = answerTypesOf(c.req.path);
    if (!types.some((type) => acceptsMediaType(accept, type))) {
      throw new HttpError('API406', `This endpoint answers ${types.join(' or ')}, which the request's Accept header (${accept}) refuses.`);
    }
    return next();
  };
}
