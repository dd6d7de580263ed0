// What one guest's checkout costs the shared resources (docs/scaling.md): D1 statements read and written, and
// Durable Object calls, per request, counted by wrapping the bindings the worker gets. The budgets are the
// figures docs/scaling.md builds on; a change that spends more on every order fails here first.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { payWithCard, placeOrder, readyBasket, stockedVariant } from './checkout-helpers.ts';
import { hookedD1 } from './d1-double.ts';
import { Jar } from './jar.ts';

interface Tally {
  reads: number;
  writes: number;
  events: number;
  /** Durable Object calls by class binding. */
  objects: Record<string, number>;
}

const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE|WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE))/i;

function countingDb(tally: Tally): D1Database {
  return hookedD1((sqls) => {
    for (const sql of sqls) {
      // Business events go to Analytics Engine when deployed; local_events is only its local stand-in.
      if (/\blocal_events\b/.test(sql)) tally.events += 1;
      else if (WRITE.test(sql)) tally.writes += 1;
      else tally.reads += 1;
    }
  });
}

/** A namespace whose stubs count every method called on them (RPC) and every fetch. */
function countingNamespace<T extends Rpc.DurableObjectBranded | undefined>(name: string, namespace: DurableObjectNamespace<T>, tally: Tally) {
  return new Proxy(namespace, {
    get(target, key) {
      if (key === 'get')
        return (id: DurableObjectId) => {
          const stub = target.get(id);
          return new Proxy(stub, {
            get(stubTarget, method) {
              const value = Reflect.get(stubTarget, method);
              if (typeof value !== 'function' || method === 'then') return value;
              return (...args: unknown[]) => {
                tally.objects[name] = (tally.objects[name] ?? 0) + 1;
                return Reflect.apply(value as (...a: unknown[]) => unknown, stubTarget, args);
              };
            },
          });
        };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function countingBindings(tally: Tally): typeof env {
  return {
    ...env,
    DB: countingDb(tally),
    CART: countingNamespace('CART', env.CART, tally),
    COUNTERS: countingNamespace('COUNTERS', env.COUNTERS, tally),
  } as typeof env;
}

const fresh = (): Tally => ({ reads: 0, writes: 0, events: 0, objects: {} });

describe('what a checkout costs', () => {
  it('adds to a basket, reviews and places an order within its D1 and Durable Object budgets', async () => {
    const variant = await stockedVariant(5, 11);
    const jar = new Jar();
    jar.address = '198.19.44.1';
    const basketId = await readyBasket(jar, variant.id);
    await payWithCard(jar, basketId, '4242424242424242');

    const add = fresh();
    jar.bindings = countingBindings(add);
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
    expect(added.status).toBe(200);

    const place = fresh();
    jar.bindings = countingBindings(place);
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(201);

    console.log(`order-costs: add to basket ${JSON.stringify(add)}; review and place ${JSON.stringify(place)}`);
    // Adding writes nothing to D1: the basket lives in its Cart object.
    expect(add.writes).toBe(0);
    expect(add.objects.CART ?? 0).toBeLessThanOrEqual(2);
    // The review and the order together: the budget docs/scaling.md counts on (measured 11 writes, 15 reads, 5 calls).
    expect(place.writes).toBeLessThanOrEqual(12);
    expect(place.reads).toBeLessThanOrEqual(20);
    expect(place.objects.CART ?? 0).toBeLessThanOrEqual(6);
  });
});
