// Dead letters for operators (queues/dead-letters.ts): what the mail and order-event consumers gave up on,
// newest first, and a letter put back on its queue. Letters hold emails (reset links among them): operators only.

import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../env.ts';
import { envelope } from '../lib/respond.ts';
import { valid } from '../lib/validate.ts';
import { listDeadLetters, replayDeadLetter } from '../queues/dead-letters.ts';
import { requireRole } from './auth.ts';

const ListQuery = v.object({
  state: v.optional(v.picklist(['open', 'replayed', 'all'], 'state is open, replayed or all.')),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'limit is a whole number.'), v.transform(Number), v.minValue(1), v.maxValue(200))),
});
const LetterParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'id is a dead letter number.'), v.transform(Number)) });

export const deadLetterRoutes = new Hono<AppEnv>()
  .use(requireRole('operator'))
  .get('/', valid('query', ListQuery), async (c) => {
    const { state, limit } = c.req.valid('query');
    return c.json(envelope(c, { letters: await listDeadLetters(c.env.DB, state ?? 'open', limit ?? 50) }));
  })
  .post('/:id/replay', valid('param', LetterParams), async (c) => {
    const letter = await replayDeadLetter(c.env, c.req.valid('param').id, { actor: c.get('admin').name, correlationId: c.get('correlationId') });
    return c.json(envelope(c, { letter }), 202);
  });
