/**
 * How fast the core's hot paths are: ids, request validation, webhook signing and
 * verification, and the OpenAPI document built at server start.
 *
 * Run: pnpm bench core-contract
 */
import { newId, parseInput, routes, signWebhook, verifyWebhook } from '@reelay/core';
import { buildOpenApiDocument } from '@reelay/core/openapi';
import { measure, printMeasurements } from './lib/measure';

const body = {
  content: 'Bom dia! #café com @amiga',
  mediaItems: [{ type: 'image', url: 'https://cdn.example.com/a.jpg' }],
  platforms: [
    { platform: 'instagram', accountId: newId('integration'), options: { altText: 'Uma xícara' } },
  ],
  scheduledFor: '2026-12-01T10:00:00-03:00',
  timezone: 'America/Sao_Paulo',
  idempotencyKey: 'bench-1',
};
const createPostBody = routes.createPost.request.body['application/json'];
const secret = 'whsec_bench_secret';
const payload = {
  version: '2026-09-01',
  id: newId('event'),
  type: 'post.published',
  data: { post: { id: newId('post') } },
};
const signed = await signWebhook({ secret, payload });

const openApiStart = performance.now();
buildOpenApiDocument();
const openApiMs = performance.now() - openApiStart;

printMeasurements('core', [
  await measure('newId', () => newId('post')),
  await measure('parse POST /v1/posts body', () => parseInput(createPostBody, body)),
  await measure('signWebhook', () => signWebhook({ secret, payload })),
  await measure('verifyWebhook', () => verifyWebhook(signed.body, signed.headers, secret)),
  await measure('buildOpenApiDocument', () => buildOpenApiDocument(), { durationMs: 2000 }),
]);
console.log(`first buildOpenApiDocument (cold): ${openApiMs.toFixed(1)} ms`);
