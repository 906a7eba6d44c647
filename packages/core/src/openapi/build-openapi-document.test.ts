import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../vocabulary/enums';
import { ROUTES } from '../contract/routes';
import { buildOpenApiDocument } from './build-openapi-document';

type Operation = {
  operationId: string;
  security: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  parameters?: Array<{ in: string; name: string }>;
  description?: string;
  'x-codeSamples'?: Array<{ lang: string; label: string; source: string }>;
};
const document = buildOpenApiDocument({ serverUrl: 'https://reelay.example.com' });
const operation = (method: string, path: string) =>
  (document.paths as Record<string, Record<string, Operation>>)[path]![method.toLowerCase()]!;

describe('buildOpenApiDocument', () => {
  it('passes a real OpenAPI 3.1 validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([
      { url: 'https://reelay.example.com', description: 'Este servidor Reelay.' },
    ]);
  });

  it('points at the origin it is fetched from when built without a server URL', () => {
    expect(buildOpenApiDocument().servers?.map((server) => server.url)).toEqual(['/']);
  });

  it('states its licence and describes every tag the contract uses', () => {
    expect(document.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    const tags = document.tags ?? [];
    expect(tags.map((tag) => tag.name).sort()).toEqual(
      [...new Set(ROUTES.map((route) => route.tag))].sort(),
    );
    for (const tag of tags) expect(tag.description, tag.name).toMatch(/\S/);
    expect(tags.find((tag) => tag.name === 'Posts')?.description).toMatch(/agendados/);
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
      'webhookSignature',
    ]);
    expect(operation('POST', '/v1/posts').security).toEqual([
      { accessKey: [] },
      { bearerAuth: [], projectId: [] },
    ]);
    expect(operation('GET', '/v1/me').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('GET', '/healthz').security).toEqual([]);
    expect(operation('POST', '/v1/meta/deauthorize').description).toMatch(
      /Rota pública: não leva credencial\./,
    );
  });

  it('says webhooks are authenticated by their signature', () => {
    const webhooks = document.webhooks as Record<string, { post: Operation }>;
    for (const type of EVENT_TYPES)
      expect(webhooks[type]!.post.security, type).toEqual([{ webhookSignature: [] }]);
    expect(document.components?.securitySchemes?.webhookSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-service-signature',
    });
  });

  it('gives operations SDK and CLI samples, with this server in the client', () => {
    const samples = operation('GET', '/v1/posts/{id}')['x-codeSamples']!;
    expect(samples.map((sample) => sample.label)).toEqual(['SDK TypeScript', 'CLI']);
    expect(samples[0]!.source).toContain("import { Reelay } from '@reelay/sdk';");
    expect(samples[0]!.source).toContain(
      "new Reelay({\n  apiKey: process.env.REELAY_API_KEY!,\n  baseUrl: 'https://reelay.example.com',\n});",
    );
    expect(samples[0]!.source).toContain('reelay.posts.get(');
    expect(samples[1]!.source).toMatch(/^# .+\nreelay posts show <id>\n/);
    // A route with no command (Instagram calls it) has no CLI sample; none has an SDK one.
    expect(operation('GET', '/v1/connect/instagram/callback')['x-codeSamples']).toBeUndefined();
    const local = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:3000' });
    const signup = (local.paths as Record<string, Record<string, Operation>>)['/v1/auth/signup']!
      .post!['x-codeSamples']!;
    expect(signup[0]!.source).toContain("new Reelay({ baseUrl: 'http://127.0.0.1:3000' })");
    expect(signup[0]!.source.match(/new Reelay\(/g)).toHaveLength(1);
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
      'webhook-id',
      'webhook-signature',
      'webhook-timestamp',
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
