import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { jsonDepth } from './json-body.ts';
import { acceptsMediaType, isFormMediaType, isJsonMediaType, parseMediaType } from './media-type.ts';
import { allowedMethods, registeredRoutes } from './registered-routes.ts';
import { returnPath } from './return-path.ts';

describe('media types', () => {
  it('reads an Accept header as RFC 9110 does: the most specific range decides, q=0 refuses', () => {
    for (const accept of [
      undefined,
      '',
      '*/*',
      'application/json',
      'application/*',
      'text/html, application/json;q=0.1',
      'APPLICATION/JSON',
      'text/html, */*;q=0.8',
      'not a media type',
    ]) {
      expect(acceptsMediaType(accept, 'application/json'), String(accept)).toBe(true);
    }
    for (const accept of [
      'text/html',
      'application/xml',
      'text/*',
      'application/json;q=0',
      '*/*, application/json;q=0',
      'application/*;q=0',
      'image/png, text/csv',
    ]) {
      expect(acceptsMediaType(accept, 'application/json'), accept).toBe(false);
    }
    expect(acceptsMediaType('application/pdf', 'application/pdf')).toBe(true);
    expect(acceptsMediaType('application/json, application/pdf;q=0', 'application/pdf')).toBe(false);
  });

  it('takes JSON only when the media type itself says so', () => {
    for (const header of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"', 'application/problem+json']) {
      expect(isJsonMediaType(header), header).toBe(true);
    }
    for (const header of [
      null,
      '',
      'text/plain; application/json',
      'application/json; charset=latin1',
      'application/jsonx',
      'application/json/x',
      'json',
      'application/json; x',
    ]) {
      expect(isJsonMediaType(header), String(header)).toBe(false);
    }
  });
  it('takes a multipart form only with its boundary', () => {
    expect(isFormMediaType('application/x-www-form-urlencoded')).toBe(true);
    expect(isFormMediaType('multipart/form-data; boundary=abc')).toBe(true);
    expect(isFormMediaType('multipart/form-data')).toBe(false);
    expect(parseMediaType('multipart/form-data; boundary="A b"')?.params.get('boundary')).toBe('A b');
  });
});

describe('jsonDepth', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonDepth('1')).toBe(0);
  });
  it('stops counting once past the limit', () => {
    expect(jsonDepth('['.repeat(100_000), 64)).toBe(65);
  });
});

describe('returnPath', () => {
  it('keeps paths of the given locales and nothing else', () => {
    expect(returnPath('/en-us', ['en-us'])).toBe('/en-us');
    expect(returnPath('/en-us/c/x?y=1', ['en-us'])).toBe('/en-us/c/x?y=1');
    expect(returnPath('/fr-ca/x', ['en-ca', 'fr-ca'])).toBe('/fr-ca/x');
    expect(returnPath('/en-us/a/../b?c=1', ['en-us'])).toBe('/en-us/b?c=1');
    for (const target of [
      '/en-usx',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/en-us/\r\nx',
      '/fr-fr/x',
      '/en-us/..//evil.example/x',
      '/en-us/%2e%2e//evil.example/x',
      '/en-us/../fr-fr/x',
      '',
      null,
      undefined,
    ]) {
      expect(returnPath(target, ['en-us']), String(target)).toBeNull();
    }
  });
});

describe('registered routes', () => {
  const app = new Hono();
  app.use(async (_c, next) => next());
  app.get('/things/:id', (c) => c.text('thing'));
  app.put('/things/:id', (c) => c.text('saved'));
  app.post('/things', (c) => c.text('made'));
  app.get('*', (c) => c.text('fallback'));

  it('lists the endpoints, not middleware or the catch-all', () => {
    expect(registeredRoutes(app)).toEqual([
      { method: 'GET', path: '/things/:id' },
      { method: 'PUT', path: '/things/:id' },
      { method: 'POST', path: '/things' },
    ]);
  });
  it('answers the methods a path is registered for, HEAD with GET', () => {
    const methods = allowedMethods(app);
    expect(methods('/things/7')).toEqual(['GET', 'HEAD', 'PUT']);
    expect(methods('/things')).toEqual(['POST']);
    expect(methods('/nothing')).toEqual([]);
  });
});
