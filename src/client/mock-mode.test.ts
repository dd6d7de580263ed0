import { describe, expect, it } from 'vitest';
import { MOCKS_KEY, type MockAnswer, matchMock, readMocks } from './mock-mode.ts';

const at = (path: string) => new URL(path, 'https://store.test');

describe('mock mode', () => {
  const mocks: MockAnswer[] = [
    { method: 'POST', path: '/api/cart/v1/item', status: 409 },
    { method: '*', path: '/api/consumers-v3/*', status: 404 },
  ];

  it('answers a call by its method and path, the query ignored', () => {
    expect(matchMock(mocks, 'post', at('/api/cart/v1/item?x=1'))?.status).toBe(409);
    expect(matchMock(mocks, 'GET', at('/api/cart/v1/item'))).toBeUndefined();
    expect(matchMock(mocks, 'DELETE', at('/api/cart/v1/item/2'))).toBeUndefined();
  });

  it('takes a trailing * as any path under it, for any method with *', () => {
    expect(matchMock(mocks, 'PUT', at('/api/consumers-v3/consumer'))?.status).toBe(404);
    expect(matchMock(mocks, 'GET', at('/api/consumers-v3'))).toBeUndefined();
  });

  it('the first named answer wins', () => {
    expect(matchMock([{ method: '*', path: '/api/*', status: 500 }, ...mocks], 'POST', at('/api/cart/v1/item'))?.status).toBe(500);
  });

  it('reads only well-formed answers from the tab’s storage', () => {
    const storage = (value: string | null) => ({ getItem: (key: string) => (key === MOCKS_KEY ? value : null) });
    expect(readMocks(storage(null))).toEqual([]);
    expect(readMocks(storage('not json'))).toEqual([]);
    expect(readMocks(storage('{"method":"GET"}'))).toEqual([]);
    expect(readMocks(storage(JSON.stringify([{ method: 'GET', path: '/api/x', status: 200 }, { method: 'GET', status: 200 }, null])))).toEqual([
      { method: 'GET', path: '/api/x', status: 200 },
    ]);
  });
});
