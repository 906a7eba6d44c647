import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../posts/post-state';
import { ROUTES } from '../contract/routes';
import { buildOpenApiDocument } from './build-openapi-document';

type Operation = {
  operationId: string;
  security: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  parameters?: Array<{ in: string; name: string }>;
};
const document = buildOpenApiDocument({ serverUrl: 'https://reelay.example.com' });
const operation = (method: string, path: string) =>
  (document.paths as Record<string, Record<string, Operation>>)[path]![method.toLowerCase()]!;

describe('buildOpenApiDocument', () => {
  it('passes a real OpenAPI 3.1 validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://reelay.example.com' }]);
  });

  it('uses a validator that does refuse a broken document', async () => {
    const broken = structuredClone(document) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    broken.paths['/v1/posts']!.post!.responses = { '201': { content: {} } }; // responses need a description
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('lists every route of the contract as an operation named after it', () => {
    for (const route of ROUTES) {
      expect(operation(route.method, route.path)?.operationId, route.id).toBe(route.id);
    }
  });

  it('declares the two credential modes and applies them by auth mode', () => {
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'accessKey',
      'bearerAuth',
      'projectId',
    ]);
    expect(operation('POST', '/v1/posts').security).toEqual([
      { accessKey: [] },
      { bearerAuth: [], projectId: [] },
    ]);
    expect(operation('GET', '/v1/me').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('GET', '/healthz').security).toEqual([]);
  });

  it('documents errors in the envelope, with the codes each status carries', () => {
    expect(document.components?.schemas).toHaveProperty('Error');
    const conflict = operation('DELETE', '/v1/posts/{id}').responses['409']!.content![
      'application/json'
    ]!.schema;
    expect(JSON.stringify(conflict)).toContain('POST_NOT_CANCELLABLE');
    expect(operation('GET', '/v1/me').responses).toHaveProperty('401');
    expect(operation('GET', '/v1/me').responses).not.toHaveProperty('404');
  });

  it('documents query parameters with their limits', () => {
    const limit = operation('GET', '/v1/posts').parameters?.find(
      (parameter) => parameter.name === 'limit',
    ) as unknown as {
      schema: Record<string, unknown>;
    };
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
  });

  it('describes the four webhook events with their signed headers', () => {
    const webhooks = document.webhooks as Record<string, { post: Operation }>;
    expect(Object.keys(webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    const headers = webhooks['post.published']!.post.parameters!.map(
      (parameter) => parameter.name,
    ).sort();
    expect(headers).toEqual([
      'x-service-event-id',
      'x-service-event-type',
      'x-service-signature',
      'x-service-timestamp',
    ]);
  });

  it('lets responses gain fields (spec §9) while request bodies refuse unknown ones', () => {
    const schemas = document.components?.schemas as Record<string, Record<string, unknown>>;
    expect(schemas.Post).not.toHaveProperty('additionalProperties');
    expect(schemas.CreatePostBody!.additionalProperties).toBe(false);
  });
});
