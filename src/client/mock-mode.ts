// Mock mode (commerce-core §7: "Outside production a mock mode can replace any call"). On a store that is
// not production (the page says so: PageState.mockable), whoever tests the browser can name answers for
// calls, and every call this tab makes to the store's API (callApi, the typed client, a plain fetch) that
// matches one gets it instead of the network, after the delay it names. The answers live in sessionStorage:
// this tab only, gone when it closes, kept across its reloads so a journey can start with them. From the
// console: cairnMocks.set({ method: 'POST', path: '/api/cart/v1/item', status: 409, body: {...} }).

export const MOCKS_KEY = 'cairn:mocks';

export interface MockAnswer {
  /** An HTTP method, or '*' for any. */
  method: string;
  /** A path without its query; ending in '*', any path that starts with the rest. */
  path: string;
  status: number;
  body?: unknown;
  delayMs?: number;
}

/** The first answer named for this call, if any. */
export function matchMock(mocks: readonly MockAnswer[], method: string, url: URL): MockAnswer | undefined {
  return mocks.find(
    (mock) =>
      (mock.method === '*' || mock.method.toUpperCase() === method.toUpperCase()) &&
      (mock.path.endsWith('*') ? url.pathname.startsWith(mock.path.slice(0, -1)) : url.pathname === mock.path),
  );
}

/** The answers kept in `storage`, any that are not well formed left out. */
export function readMocks(storage: Pick<Storage, 'getItem'>): MockAnswer[] {
  try {
    const kept = JSON.parse(storage.getItem(MOCKS_KEY) ?? '[]') as unknown;
    return Array.isArray(kept)
      ? kept.filter((m): m is MockAnswer => typeof m?.method === 'string' && typeof m?.path === 'string' && Number.isInteger(m?.status))
      : [];
  } catch {
    return [];
  }
}

function mockResponse(mock: MockAnswer): Response {
  // 204 and 304 carry no body; anything else answers JSON like the API does.
  const empty = mock.status === 204 || mock.status === 304;
  return new Response(empty ? null : JSON.stringify(mock.body ?? {}), {
    status: mock.status,
    headers: { 'content-type': 'application/json', 'x-mock-answer': '1' },
  });
}

/** Puts the mock answers in front of `network` as the window's fetch, and offers the console controls. */
export function installMockMode(target: Window & typeof globalThis, network: typeof fetch): void {
  const storage = target.sessionStorage;
  target.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), target.location.href);
    const method = init?.method ?? request?.method ?? 'GET';
    const mock = url.origin === target.location.origin ? matchMock(readMocks(storage), method, url) : undefined;
    if (!mock) return network(input, init);
    console.info('[mock mode]', method, url.pathname, '->', mock.status);
    if (mock.delayMs) await new Promise((resolve) => setTimeout(resolve, mock.delayMs));
    return mockResponse(mock);
  };
  Object.assign(target, {
    cairnMocks: {
      set(mock: MockAnswer) {
        storage.setItem(MOCKS_KEY, JSON.stringify([mock, ...readMocks(storage)]));
      },
      list: () => readMocks(storage),
      clear() {
        storage.removeItem(MOCKS_KEY);
      },
    },
  });
}
