import { describe, expect, it } from 'vitest';
import { pathFor } from './path-for';
import { ROUTES, type RouteId } from './routes';

describe('pathFor', () => {
  it('fills the parameters of a route into its contract path', () => {
    expect(pathFor('getPost', { id: 'post_01jd8k2m' })).toBe('/v1/posts/post_01jd8k2m');
    expect(pathFor('revokeApiKey', { id: 'prj_1', keyId: 'key_2' })).toBe(
      '/v1/projects/prj_1/api-keys/key_2',
    );
    expect(pathFor('getDataDeletionStatus', { code: 'abc123' })).toBe(
      '/v1/meta/data-deletion/abc123',
    );
  });

  it('returns the path itself for a route without parameters', () => {
    expect(pathFor('connectCallback')).toBe('/v1/connect/instagram/callback');
    expect(pathFor('listPosts')).toBe('/v1/posts');
  });

  it('encodes each parameter, so a value cannot add path segments or a query', () => {
    expect(pathFor('getPost', { id: '../me?x=1#y' })).toBe('/v1/posts/..%2Fme%3Fx%3D1%23y');
    expect(pathFor('getDataDeletionStatus', { code: 'a b/ç' })).toBe(
      '/v1/meta/data-deletion/a%20b%2F%C3%A7',
    );
  });

  it('refuses a missing or empty parameter instead of writing a broken path', () => {
    const untyped = pathFor as (id: RouteId, params?: Record<string, string>) => string;
    expect(() => untyped('getPost')).toThrow("pathFor('getPost'): missing path parameter 'id'");
    expect(() => untyped('getPost', { id: '' })).toThrow(/missing path parameter 'id'/);
    expect(() => untyped('revokeApiKey', { id: 'prj_1' })).toThrow(/'keyId'/);
  });

  it('builds a path for every route of the contract that matches the route itself', () => {
    for (const route of ROUTES) {
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const params = Object.fromEntries(names.map((name) => [name, `v_${name}`]));
      const untyped = pathFor as (id: string, params?: Record<string, string>) => string;
      const built = untyped(route.id, params);
      expect(built, route.id).toBe(route.path.replace(/\{([^}]+)\}/g, 'v_$1'));
    }
  });

  it('is typed by route id: unknown ids and missing parameters do not compile', () => {
    // @ts-expect-error: not a route of the contract
    expect(() => pathFor('getPosts')).toThrow();
    // @ts-expect-error: getPost needs { id }
    expect(() => pathFor('getPost')).toThrow();
    // @ts-expect-error: the parameter is id, not postId
    expect(() => pathFor('getPost', { postId: 'post_1' })).toThrow();
  });
});
