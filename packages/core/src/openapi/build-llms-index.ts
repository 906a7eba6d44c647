/**
 * The index for automated agents (`/llms.txt`, and `/llms-full.txt` with every schema),
 * generated from the contract table like the OpenAPI document, so it never drifts.
 * Markdown, as the llms.txt convention has it: a title, a one-paragraph summary, then
 * sections of links and facts.
 */
import * as z from 'zod';
import { HTTP_ERRORS, TARGET_ONLY_ERRORS } from '../errors/catalogue';
import { RATE_BUCKETS, routeErrorCodes, type RouteDefinition } from '../contract/route';
import { ROUTES } from '../contract/routes';
import { EVENT_TYPES } from '../vocabulary/enums';
import { WEBHOOK_PAYLOAD_VERSION, webhookEventSchema } from '../schemas/webhook-payload';
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '../webhooks/signing';
import { STANDARD_WEBHOOK_HEADERS } from '../webhooks/standard-webhooks';

export interface LlmsIndexOptions {
  /** The server's public base URL. */
  serverUrl: string;
  /** Include every parameter, body and answer schema (`/llms-full.txt`). */
  full?: boolean;
}

const AUTH_TEXT = {
  key: 'API key (`x-access-key`) or Bearer token with `x-project-id`',
  bearer: 'Bearer token only',
  public: 'no credential',
} as const;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): string {
  const rendered = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  delete (rendered as Record<string, unknown>).$schema;
  return JSON.stringify(rendered);
}

/** The MCP tools of the contract's routes, in contract order. */
function mcpToolList(): string {
  return ROUTES.flatMap((route) => (route.mcp ? [`\`${route.mcp.tool}\``] : [])).join(', ');
}

function routeLine(route: RouteDefinition, serverUrl: string): string {
  return `- [${route.method} ${route.path}](${serverUrl}/docs#/${encodeURIComponent(route.tag)}/${route.id}): ${route.summary} (${AUTH_TEXT[route.auth]})`;
}

function routeDetails(route: RouteDefinition): string {
  const { params, query, body } = route.request;
  const bucket = RATE_BUCKETS[route.rateBucket];
  const lines = [
    `### ${route.method} ${route.path}`,
    '',
    route.description,
    '',
    `- Operation: \`${route.id}\`; auth: ${AUTH_TEXT[route.auth]}; limit: ${bucket.limit}/min per ${bucket.per === 'ip' ? 'IP' : 'credential'}.`,
  ];
  if (params) lines.push(`- Path parameters (JSON Schema): \`${jsonSchema(params, 'input')}\``);
  if (query) lines.push(`- Query parameters (JSON Schema): \`${jsonSchema(query, 'input')}\``);
  for (const [contentType, schema] of Object.entries(body ?? {})) {
    lines.push(
      `- Body \`${contentType}\`${route.request.bodyOptional ? ' (optional)' : ''}: \`${jsonSchema(schema!, 'input')}\``,
    );
  }
  for (const [status, response] of Object.entries(route.responses)) {
    lines.push(
      `- ${status}: ${response.description}${response.schema ? ` \`${jsonSchema(response.schema, 'output')}\`` : ''}`,
    );
  }
  if (route.mcp) lines.push(`- MCP tool: \`${route.mcp.tool}\`.`);
  lines.push(
    `- Error codes: ${routeErrorCodes(route)
      .map((code) => `\`${code}\``)
      .join(', ')}.`,
  );
  return lines.join('\n');
}

/**
 * The agents' index of the API as Markdown.
 *
 * @example
 * ```ts
 * const text = buildLlmsIndex({ serverUrl: 'https://reelay.example.com' });
 * ```
 */
export function buildLlmsIndex(options: LlmsIndexOptions): string {
  const { serverUrl, full = false } = options;
  const byTag = new Map<string, RouteDefinition[]>();
  for (const route of ROUTES) byTag.set(route.tag, [...(byTag.get(route.tag) ?? []), route]);

  const sections = [
    '# Reelay API',
    '',
    '> Publishes and schedules Instagram posts (feed images, Reels, Stories, carousels) for professional accounts through one HTTP/JSON API, with signed webhooks when a post is scheduled or finishes. Summaries and error messages are Portuguese; field names and codes are stable English identifiers.',
    '',
    `Base URL: ${serverUrl}. Every route is under \`/v1\` except \`/healthz\`. Successful JSON answers carry \`success: true\`; errors answer \`{ statusCode, code, message, details? }\` and clients decide on \`code\`. Output dates are ISO 8601 UTC with \`Z\`; absent values are \`null\`. Lists take \`limit\` (1–100, default 20), \`offset\` and \`sort\` and answer \`total\`. Every answer carries \`x-ratelimit-limit\`, \`x-ratelimit-remaining\` and \`x-ratelimit-reset\`.`,
    '',
    '## Docs',
    '',
    `- [OpenAPI 3.1 document](${serverUrl}/openapi.json): the authoritative contract, generated from the routes.`,
    `- [Interactive reference](${serverUrl}/docs): every route, try it in the browser.`,
    full
      ? `- [Short index](${serverUrl}/llms.txt): this page without schemas.`
      : `- [Full index](${serverUrl}/llms-full.txt): this page with every parameter, body and answer schema.`,
    '',
    '## Authentication',
    '',
    '- Integrations: `x-access-key: rly_live_…` (one key = one project).',
    '- Dashboards: `Authorization: Bearer <token>` plus `x-project-id: proj_…` on resource routes; account routes (`/v1/me`, organizations, API keys) take Bearer only. Tokens come from `/v1/auth/login` or an OpenID Connect issuer.',
    "- Sending both credentials is refused (401). Another project's resource answers 404.",
    '',
    '## MCP',
    '',
    `- Endpoint: \`${serverUrl}/mcp\`, Model Context Protocol over Streamable HTTP (stateless, JSON answers), with the same credentials as the API. On a person's own machine, \`reelay mcp\` serves the same tools over stdio with the CLI's credentials, plus \`upload_media_from_file\` for that machine's files.`,
    `- Tools, one per route below that has one: ${mcpToolList()}, plus \`current_time\` (the server clock, in a time zone, for scheduling).`,
    '- `create_post` always sends an `idempotencyKey` (derived from the arguments when none is given), so repeating a call never posts twice; after a failure use `retry_post`, not a new post. Errors come back as tool errors with the code, the message and what to do.',
    '',
  ];
  for (const [tag, routes] of byTag) {
    sections.push(`## ${tag}`, '');
    sections.push(
      ...routes.map((route) => (full ? `${routeDetails(route)}\n` : routeLine(route, serverUrl))),
    );
    sections.push('');
  }
  sections.push(
    '## Webhooks',
    '',
    `Events: ${EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}; payload version \`${WEBHOOK_PAYLOAD_VERSION}\`. Headers: \`${Object.values(WEBHOOK_HEADERS).join('`, `')}\`. The signature is \`sha256=\` + lowercase hex HMAC-SHA256 of \`<timestamp>.<raw body>\` keyed with the subscription secret (\`whsec_…\`); compare in constant time and refuse timestamps more than ${WEBHOOK_TOLERANCE_SECONDS} s away. Answer 2xx within 10 s; otherwise retries follow after 30 s and 2 min with the same body and event id: deduplicate by event id. The Standard Webhooks headers (\`${Object.values(STANDARD_WEBHOOK_HEADERS).join('\`, \`')}\`) come too, keyed as Standard Webhooks libraries key a secret: a current secret (\`whsec_\` + 44 characters of standard base64 ending in \`=\`) by its decoded bytes, so \`new Webhook(secret)\` in the \`standardwebhooks\` library verifies; a secret issued by earlier versions (\`whsec_\` + 43 base64url characters) by its whole text until rotated (\`new Webhook(secret, { format: 'raw' })\`). \`POST /v1/notifications/{id}/deliveries/{deliveryId}/redeliver\` sends an event again.`,
    '',
  );
  if (full)
    sections.push(`Payload (JSON Schema): \`${jsonSchema(webhookEventSchema, 'output')}\``, '');
  sections.push(
    '## Error codes',
    '',
    ...Object.entries(HTTP_ERRORS).map(
      ([code, error]) => `- \`${code}\` (${error.status}, ${error.retry}): ${error.message}`,
    ),
    ...Object.entries(TARGET_ONLY_ERRORS).map(
      ([code, error]) => `- \`${code}\` (per target only, ${error.retry}): ${error.message}`,
    ),
    '',
  );
  return sections.join('\n');
}
