import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { isHttpErrorCode } from '../errors/catalogue';
import { RATE_BUCKETS, routeErrorCodes, toRouterPath, type AuthMode } from './route';
import { ROUTES, routes } from './routes';

// Spec §4, the endpoint table: method, path and auth (K, B, P). `<platform>` is instagram.
const SPEC_ROUTES: Array<[string, string, AuthMode]> = [
  ['GET', '/v1/health/auth', 'key'],
  ['GET', '/healthz', 'public'],
  ['GET', '/v1/me', 'bearer'],
  ['DELETE', '/v1/me', 'bearer'],
  ['PATCH', '/v1/organizations/{id}', 'bearer'],
  ['GET', '/v1/projects/{id}/api-keys', 'bearer'],
  ['POST', '/v1/projects/{id}/api-keys', 'bearer'],
  ['DELETE', '/v1/projects/{id}/api-keys/{keyId}', 'bearer'],
  ['POST', '/v1/profiles', 'key'],
  ['GET', '/v1/profiles', 'key'],
  ['DELETE', '/v1/profiles/{id}', 'key'],
  ['GET', '/v1/connect/{platform}', 'key'],
  ['GET', '/v1/connect/integrations', 'key'],
  ['DELETE', '/v1/connect/integrations/{id}', 'key'],
  ['GET', '/v1/integrations/{id}/health', 'key'],
  ['POST', '/v1/posts', 'key'],
  ['GET', '/v1/posts', 'key'],
  ['GET', '/v1/posts/{id}', 'key'],
  ['PATCH', '/v1/posts/{id}', 'key'],
  ['DELETE', '/v1/posts/{id}', 'key'],
  ['POST', '/v1/posts/{id}/retry', 'key'],
  ['POST', '/v1/media', 'key'],
  ['POST', '/v1/notifications', 'key'],
  ['POST', '/v1/notifications/test', 'key'],
  ['GET', '/v1/notifications/{id}/deliveries', 'key'],
  ['GET', '/v1/connect/instagram/callback', 'public'],
  ['POST', '/v1/meta/deauthorize', 'public'],
  ['POST', '/v1/meta/data-deletion', 'public'],
  ['GET', '/v1/meta/data-deletion/{code}', 'public'],
];
const LOGIN_ROUTES = ['/v1/auth/signup', '/v1/auth/login', '/v1/auth/refresh', '/v1/auth/logout'];

const find = (method: string, path: string) =>
  ROUTES.find((route) => route.method === method && route.path === path);

describe('the contract table', () => {
  it('holds all 29 routes of spec §4 with their auth mode', () => {
    expect(SPEC_ROUTES).toHaveLength(29);
    for (const [method, path, auth] of SPEC_ROUTES) {
      const route = find(method, path);
      expect(route, `${method} ${path}`).toBeDefined();
      expect(route!.auth, `${method} ${path}`).toBe(auth);
    }
  });

  it('holds the built-in login routes, public', () => {
    for (const path of LOGIN_ROUTES) expect(find('POST', path)?.auth, path).toBe('public');
  });

  it('names each route by its key, once, and never declares a method and path twice', () => {
    for (const [key, route] of Object.entries(routes)) expect(route.id).toBe(key);
    const signatures = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(signatures).size).toBe(signatures.length);
  });

  it('puts each route in the rate bucket of spec §8', () => {
    expect(routes.uploadMedia.rateBucket).toBe('upload');
    expect(routes.createApiKey.rateBucket).toBe('createKey');
    for (const id of [
      'getMe',
      'deleteMe',
      'updateOrganization',
      'listApiKeys',
      'revokeApiKey',
    ] as const) {
      expect(routes[id].rateBucket, id).toBe('account');
    }
    for (const id of [
      'connectCallback',
      'metaDeauthorize',
      'metaDataDeletion',
      'getOpenApiDocument',
    ] as const) {
      expect(routes[id].rateBucket, id).toBe('public');
    }
    for (const route of ROUTES.filter(
      (route) => route.auth === 'key' && route.id !== 'uploadMedia',
    )) {
      expect(route.rateBucket, route.id).toBe('default');
    }
    expect(RATE_BUCKETS).toMatchObject({
      default: { limit: 300 },
      upload: { limit: 60 },
      account: { limit: 60 },
      createKey: { limit: 10 },
      public: { limit: 60, per: 'ip' },
    });
  });

  it('declares a parameter schema for exactly the parameters in each path', () => {
    for (const route of ROUTES) {
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const schema = route.request.params as z.ZodObject | undefined;
      expect(Object.keys(schema?.shape ?? {}).sort(), route.id).toEqual(names.sort());
    }
  });

  it('answers success with success: true on every JSON route but liveness and the document', () => {
    for (const route of ROUTES) {
      for (const [status, response] of Object.entries(route.responses)) {
        expect(Number(status), route.id).toBeGreaterThanOrEqual(200);
        expect(Number(status), route.id).toBeLessThan(400);
        if (!response.schema || route.id === 'healthz' || route.id === 'getOpenApiDocument')
          continue;
        const shape = (response.schema as z.ZodObject).shape as Record<string, z.ZodType>;
        expect(shape.success?.safeParse(true).success, route.id).toBe(true);
        expect(shape.success?.safeParse(false).success, route.id).toBe(false);
      }
    }
  });

  it('lists only catalogued codes, with those the auth mode and inputs imply', () => {
    for (const route of ROUTES) {
      const codes = routeErrorCodes(route);
      for (const code of codes) expect(isHttpErrorCode(code), `${route.id}: ${code}`).toBe(true);
      expect(codes, route.id).toContain('INTERNAL_ERROR');
      expect(codes, route.id).toContain('RATE_LIMIT_KEY');
      if (route.auth !== 'public') expect(codes, route.id).toContain('UNAUTHORIZED');
      if (route.auth === 'key') expect(codes, route.id).toContain('PROJECT_REQUIRED');
      if (route.request.body) expect(codes, route.id).toContain('FST_ERR_CTP_INVALID_JSON_BODY');
    }
    expect(routeErrorCodes(routes.deletePost)).toContain('POST_NOT_CANCELLABLE');
    expect(routeErrorCodes(routes.connectPlatform)).toContain('PLATFORM_NOT_AVAILABLE');
    expect(routeErrorCodes(routes.metaDeauthorize)).toContain('SIGNED_REQUEST_INVALID');
    expect(routeErrorCodes(routes.getMe)).not.toContain('PROJECT_REQUIRED');
  });

  it('writes Portuguese summaries and descriptions', () => {
    for (const route of ROUTES) {
      expect(route.summary.length, route.id).toBeGreaterThan(5);
      expect(route.description.length, route.id).toBeGreaterThan(20);
    }
  });

  it('accepts the media upload as multipart or as a JSON import', () => {
    expect(Object.keys(routes.uploadMedia.request.body).sort()).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
  });
});

describe('toRouterPath', () => {
  it('turns OpenAPI parameters into router parameters', () => {
    expect(toRouterPath('/v1/projects/{id}/api-keys/{keyId}')).toBe(
      '/v1/projects/:id/api-keys/:keyId',
    );
    expect(toRouterPath('/healthz')).toBe('/healthz');
  });
});

describe('the role each route needs', () => {
  it('is declared on every route that acts in a project, and only there', () => {
    for (const route of ROUTES) {
      const inProject = route.auth === 'key' || route.path.startsWith('/v1/projects/{id}');
      expect(route.role !== undefined, route.id).toBe(inProject);
    }
  });

  it('lets viewers read and asks more of anything that writes, leaving a project aside', () => {
    // Anyone may leave a project (the service asks an admin to remove someone else), and
    // viewers write notes.
    const viewerWrites = new Set(['removeMember', 'createPostNote']);
    for (const route of ROUTES) {
      if (route.role === undefined || viewerWrites.has(route.id)) continue;
      if (route.method === 'GET') continue;
      expect(route.role, route.id).not.toBe('viewer');
    }
  });

  it('adds FORBIDDEN and ROLE_REQUIRED to the codes of a route with a role', () => {
    expect(routeErrorCodes(routes.createPost)).toEqual(
      expect.arrayContaining(['FORBIDDEN', 'ROLE_REQUIRED']),
    );
    expect(routeErrorCodes(routes.getMe)).not.toContain('ROLE_REQUIRED');
  });
});
