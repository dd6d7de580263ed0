import { describe, expect, it } from 'vitest';
import { publicOriginProblem, publicUrl } from './public-origin.ts';

describe('the public origin', () => {
  it('is an origin alone, https in production, and says what to fix when it is not', () => {
    expect(publicOriginProblem({ PUBLIC_ORIGIN: 'https://shop.example', ENVIRONMENT: 'production' })).toBeNull();
    expect(publicOriginProblem({ PUBLIC_ORIGIN: 'http://localhost:8787', ENVIRONMENT: 'development' })).toBeNull();
    expect(publicOriginProblem({ ENVIRONMENT: 'production' })).toMatch(/PUBLIC_ORIGIN is missing/);
    expect(publicOriginProblem({ PUBLIC_ORIGIN: 'shop.example' })).toMatch(/not an address/);
    expect(publicOriginProblem({ PUBLIC_ORIGIN: 'https://shop.example/' })).toMatch(/origin alone.*https:\/\/shop\.example;/);
    expect(publicOriginProblem({ PUBLIC_ORIGIN: 'https://shop.example/en-us' })).toMatch(/origin alone/);
    expect(publicOriginProblem({ PUBLIC_ORIGIN: 'http://shop.example', ENVIRONMENT: 'production' })).toMatch(/https in production/);
  });

  it('makes the links, whatever the path', () => {
    expect(publicUrl({ PUBLIC_ORIGIN: 'https://shop.example' }, '/en-us/forgot-password')).toBe('https://shop.example/en-us/forgot-password');
    // A path that would name another host is refused, not followed.
    for (const path of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/x'])
      expect(() => publicUrl({ PUBLIC_ORIGIN: 'https://shop.example' }, path), path).toThrow(/Not a path of the store/);
    expect(() => publicUrl({}, '/x')).toThrow(/PUBLIC_ORIGIN is missing/);
  });
});
