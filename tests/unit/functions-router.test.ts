import { describe, expect, it } from 'vitest';
import type { FunctionRoute, LoadedFunction } from '../../scripts/server/function-types.mts';
import { matchFunction } from '../../scripts/server/functions-router.mts';

function route(path: string, methods: string[] | null = ['GET']): FunctionRoute {
  const fn: LoadedFunction = { name: path, file: `${path}.mts`, handler: () => null, methods, excluded: [] };
  return { fn, path, pattern: new URLPattern({ pathname: path }) };
}

const matched = (routes: FunctionRoute[], path: string, method = 'GET') => {
  const match = matchFunction(routes, method, path);
  return match.kind === 'function' ? { name: match.fn.name, params: match.params } : match.kind;
};

describe('matchFunction (skipping routes by their literal start)', () => {
  const routes = [
    route('/api/products'),
    route('/api/products/slug/:slug'),
    route('/api/items/:id?'),
    route('/api/files/*'),
    route('/api/{v1/}?status'),
    route('/:page'),
  ];

  it('matches literal paths and parameters', () => {
    expect(matched(routes, '/api/products')).toEqual({ name: '/api/products', params: {} });
    expect(matched(routes, '/api/products/slug/tee')).toEqual({
      name: '/api/products/slug/:slug',
      params: { slug: 'tee' },
    });
  });

  it('still matches when the `/` before an optional part is left out', () => {
    expect(matched(routes, '/api/items')).toEqual({ name: '/api/items/:id?', params: {} });
    expect(matched(routes, '/api/items/7')).toEqual({ name: '/api/items/:id?', params: { id: '7' } });
  });

  it('matches wildcards, optional groups and a pattern that starts with a parameter', () => {
    expect(matched(routes, '/api/files/a/b.txt')).toMatchObject({ name: '/api/files/*' });
    expect(matched(routes, '/api/status')).toMatchObject({ name: '/api/{v1/}?status' });
    expect(matched(routes, '/api/v1/status')).toMatchObject({ name: '/api/{v1/}?status' });
    expect(matched(routes, '/about')).toEqual({ name: '/:page', params: { page: 'about' } });
  });

  it('answers none for a path no function takes, and for a method no function takes there (as Netlify)', () => {
    expect(matched(routes, '/api/products/other/x')).toBe('none');
    expect(matched(routes, '/api/products', 'POST')).toBe('none');
  });
});
