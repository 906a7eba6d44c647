/**
 * Builds the OpenAPI 3.1 document from the contract table (spec §1, §9: generated from
 * the routes, authoritative for the contract). Kept in its own entry point so the SDK
 * and browsers never load zod-openapi.
 */
import * as z from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { HTTP_ERRORS, type HttpErrorCode } from '../errors/catalogue';
import {
  RATE_BUCKETS,
  routeErrorCodes,
  type AuthMode,
  type RouteDefinition,
} from '../contract/route';
import { ROUTES } from '../contract/routes';
import { errorEnvelopeSchema } from '../schemas/common';
import { EVENT_TYPES, type EventType } from '../vocabulary/enums';
import { WEBHOOK_PAYLOAD_VERSION, webhookEventSchemaFor } from '../schemas/webhook-payload';
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '../webhooks/signing';
import { STANDARD_WEBHOOK_HEADERS } from '../webhooks/standard-webhooks';
import { codeSamplesFor, SAMPLE_SERVER_URL } from './code-samples';
import { addParameterExamples, bodyExamples } from './request-examples';
import { documentTags } from './tag-descriptions';

export interface OpenApiDocumentOptions {
  /**
   * The server's public base URL, written to `servers` and into the code samples. Without
   * it, `servers` is `/`: the origin the document was fetched from.
   */
  serverUrl?: string;
  /** The API's version string; defaults to the package version given at build time. */
  version?: string;
  /**
   * The route table to document; defaults to the contract's. Another table is for tools
   * that check what a route added to the contract turns into.
   */
  routes?: readonly RouteDefinition[];
}

/** An OpenAPI document, as plain JSON-compatible data. */
export type OpenApiDocument = ReturnType<typeof createDocument>;

const SECURITY: Record<AuthMode, Array<Record<string, string[]>>> = {
  key: [{ accessKey: [] }, { bearerAuth: [], projectId: [] }],
  bearer: [{ bearerAuth: [] }],
  public: [],
};

// Registered once as header components and referenced from every response.
const rateLimitHeaders = z.object({
  'x-ratelimit-limit': z.int().meta({
    description: 'Requisições permitidas por minuto neste balde.',
    header: { id: 'RateLimitLimit' },
  }),
  'x-ratelimit-remaining': z.int().meta({
    description: 'Requisições restantes na janela atual.',
    header: { id: 'RateLimitRemaining' },
  }),
  'x-ratelimit-reset': z.int().meta({
    description: 'Segundos até a janela recomeçar.',
    header: { id: 'RateLimitReset' },
  }),
  'x-request-id': z.string().meta({
    description: 'Identificador da requisição, para suporte e logs.',
    header: { id: 'RequestId' },
  }),
});

const STATUS_TEXT: Record<number, string> = {
  400: 'Requisição inválida',
  401: 'Não autenticado',
  403: 'Proibido',
  404: 'Não encontrado',
  409: 'Conflito',
  413: 'Corpo grande demais',
  415: 'Tipo de conteúdo não suportado',
  429: 'Limite de requisições excedido',
  500: 'Erro interno',
  503: 'Indisponível temporariamente',
};

function errorResponses(codes: readonly HttpErrorCode[]): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, HttpErrorCode[]>();
  for (const code of codes) {
    const status = HTTP_ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[`${status}` as `4${string}`] = {
      description: `${STATUS_TEXT[status] ?? 'Erro'}: ${statusCodes.map((code) => `\`${code}\``).join(', ')}.`,
      headers: rateLimitHeaders,
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/Error' },
              { type: 'object', properties: { code: { type: 'string', enum: statusCodes } } },
            ],
          },
        },
      },
    };
  }
  return responses;
}

// Public routes name no credential on purpose; those Instagram and Meta call verify the
// caller themselves (`state`, `signed_request`), as their descriptions say.
const PUBLIC_NOTE = 'Rota pública: não leva credencial.';

function operationFor(route: RouteDefinition, serverUrl: string): ZodOpenApiOperationObject {
  const codes = routeErrorCodes(route);
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const contentType = response.contentType ?? 'application/json';
    responses[status as `2${string}`] = {
      description: response.description,
      headers: rateLimitHeaders,
      ...(response.schema ? { content: { [contentType]: { schema: response.schema } } } : {}),
    };
  }
  Object.assign(responses, errorResponses(codes));

  const bucket = RATE_BUCKETS[route.rateBucket];
  const operation: ZodOpenApiOperationObject = {
    operationId: route.id,
    summary: route.summary,
    description: `${route.description}\n\n${route.auth === 'public' ? `${PUBLIC_NOTE} ` : ''}Limite: ${bucket.limit} requisições por minuto por ${bucket.per === 'ip' ? 'IP' : 'credencial'} (balde \`${route.rateBucket}\`).`,
    tags: [route.tag],
    security: SECURITY[route.auth],
    responses,
    'x-rate-limit-bucket': route.rateBucket,
    'x-error-codes': codes,
  };
  const samples = codeSamplesFor(route, serverUrl);
  if (samples.length > 0) operation['x-codeSamples'] = samples;
  const { params, query, body } = route.request;
  if (params || query) {
    operation.requestParams = {
      ...(params ? { path: params as z.ZodObject } : {}),
      ...(query ? { query: query as z.ZodObject } : {}),
    };
  }
  if (body) {
    const examples = bodyExamples(route);
    operation.requestBody = {
      required: !route.request.bodyOptional,
      content: Object.fromEntries(
        Object.entries(body).map(([contentType, schema]) => {
          const named = examples[contentType as keyof typeof examples];
          return [contentType, named ? { schema, examples: named } : { schema }];
        }),
      ),
    };
  }
  return operation;
}

const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'post.scheduled':
    'Um agendamento foi aceito (POST /v1/posts com `scheduledFor`, ou nova tentativa agendada).',
  'post.published': 'Todas as contas do post publicaram.',
  'post.partial': 'Ao menos uma conta publicou e ao menos uma falhou.',
  'post.failed': 'Todas as contas falharam, inclusive por agendamento perdido (`MISSED`).',
  'post.awaiting_approval':
    'Um post de um editor aguarda aprovação (criado, enviado de rascunho ou alterado num projeto ou perfil que exige aprovação); nada é publicado até um admin aprovar.',
  'post.approved':
    'Um post foi aprovado: está agendado (`post.scheduled` vem junto) ou começou a publicar.',
  'post.rejected': 'Um post foi recusado e voltou a rascunho, com o motivo em `rejectionReason`.',
  'comment.received':
    'Alguém comentou numa mídia de uma conta do projeto (chegou pelo webhook da Meta ou pela leitura periódica). Enviado uma vez por comentário; os da própria conta não contam. O filtro `profileId` da inscrição vale pelo perfil da conta comentada.',
};

function webhookOperation(type: EventType): ZodOpenApiOperationObject {
  return {
    operationId: `webhook.${type}`,
    summary: type,
    description: `${EVENT_DESCRIPTIONS[type]}\n\nEnviado por POST com \`Content-Type: application/json\`. Verifique \`${WEBHOOK_HEADERS.signature}\`: \`sha256=\` seguido do HMAC-SHA256 em hexadecimal minúsculo, com o segredo da assinatura (\`whsec_…\`), de \`<timestamp>.<corpo bruto>\`; compare em tempo constante e recuse timestamps a mais de ${WEBHOOK_TOLERANCE_SECONDS} s do seu relógio. Responda 2xx em até 10 s; senão há novas tentativas após 30 s e 2 min, com o mesmo corpo e o mesmo id de evento. Deduplique pelo id do evento. Os cabeçalhos Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`) vão junto, assinados com o mesmo segredo, com a chave que as bibliotecas Standard Webhooks tiram dele: um segredo atual (\`whsec_\` + 44 caracteres de base64 padrão, terminado em \`=\`) vale pelos bytes que o base64 codifica, e a biblioteca \`standardwebhooks\` o aceita como está (\`new Webhook(segredo)\`); um segredo emitido por versões anteriores (\`whsec_\` + 43 caracteres de base64url) continua valendo pelo texto inteiro até ser trocado (\`new Webhook(segredo, { format: 'raw' })\`). \`${WEBHOOK_HEADERS.signature}\` usa o texto inteiro do segredo nos dois casos. Versão do payload: \`${WEBHOOK_PAYLOAD_VERSION}\`.`,
    tags: ['Webhooks'],
    // What the receiver checks on every delivery: the signature, not a fixed credential.
    security: [{ webhookSignature: [] }],
    requestParams: {
      header: z.object({
        [WEBHOOK_HEADERS.eventId]: z
          .string()
          .meta({ description: 'Id do evento (`evt_…`); chave de deduplicação.' }),
        [WEBHOOK_HEADERS.eventType]: z.literal(type).meta({ description: 'O tipo do evento.' }),
        [WEBHOOK_HEADERS.timestamp]: z.string().meta({ description: 'Tempo Unix em segundos.' }),
        [WEBHOOK_HEADERS.signature]: z
          .string()
          .meta({ description: '`sha256=` seguido do HMAC em hexadecimal.' }),
        [STANDARD_WEBHOOK_HEADERS.id]: z
          .string()
          .meta({ description: 'Standard Webhooks: o id do evento (`evt_…`).' }),
        [STANDARD_WEBHOOK_HEADERS.timestamp]: z
          .string()
          .meta({ description: 'Standard Webhooks: o mesmo tempo Unix em segundos.' }),
        [STANDARD_WEBHOOK_HEADERS.signature]: z.string().meta({
          description:
            'Standard Webhooks: `v1,` seguido do HMAC-SHA256 em base64 de `<id>.<timestamp>.<corpo bruto>`, com a mesma chave; entradas separadas por espaço durante uma rotação.',
        }),
      }),
    },
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: webhookEventSchemaFor(type) },
      },
    },
    responses: {
      '200': { description: 'Qualquer resposta 2xx em até 10 s confirma a entrega.' },
    },
  };
}

/**
 * The OpenAPI 3.1 document of the whole API: every route of the contract table with its
 * parameters, bodies, success and error answers (the spec §7 envelope), security schemes
 * (`x-access-key`; Bearer plus `x-project-id`; the webhook signature), the webhook payloads
 * and, per operation, code samples for the SDK and the CLI (`x-codeSamples`).
 *
 * @example
 * ```ts
 * import { buildOpenApiDocument } from '@reelay/core/openapi';
 * const document = buildOpenApiDocument({ serverUrl: 'https://reelay.example.com' });
 * res.end(JSON.stringify(document));
 * ```
 */
export function buildOpenApiDocument(options: OpenApiDocumentOptions = {}): OpenApiDocument {
  const routes = options.routes ?? ROUTES;
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    paths[route.path] = {
      ...paths[route.path],
      [method]: operationFor(route, options.serverUrl ?? SAMPLE_SERVER_URL),
    };
  }
  const webhooks: ZodOpenApiPathsObject = {};
  for (const type of EVENT_TYPES) webhooks[type] = { post: webhookOperation(type) };

  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Reelay API',
        version: options.version ?? '1.0.0',
        description:
          'Publica e agenda posts no Instagram (imagens, vídeos, Reels, Stories, carrosséis) para contas profissionais, com webhooks assinados. Datas de saída em ISO 8601 UTC com `Z`; valores ausentes são `null`. Todo erro usa o envelope `Error`.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [
        options.serverUrl
          ? { url: options.serverUrl, description: 'Este servidor Reelay.' }
          : { url: '/', description: 'O servidor Reelay que serve este documento.' },
      ],
      tags: documentTags(routes),
      paths,
      webhooks,
      components: {
        schemas: { Error: errorEnvelopeSchema },
        securitySchemes: {
          accessKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-access-key',
            description: 'Chave de API do projeto (`rly_live_…`), para integrações no servidor.',
          },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'Token de acesso do painel. Rotas de recursos também exigem `x-project-id`.',
          },
          projectId: {
            type: 'apiKey',
            in: 'header',
            name: 'x-project-id',
            description: 'O projeto (`proj_…`) ao usar token Bearer.',
          },
          webhookSignature: {
            type: 'apiKey',
            in: 'header',
            name: WEBHOOK_HEADERS.signature,
            description: `Como o Reelay se autentica ao entregar um webhook: não é uma chave fixa, e sim \`sha256=\` seguido do HMAC-SHA256 em hexadecimal de \`<${WEBHOOK_HEADERS.timestamp}>.<corpo bruto>\`, com o segredo da assinatura (\`whsec_…\`). O receptor recalcula e compara a cada entrega.`,
          },
        },
      },
    },
    { override: relaxSchema },
  );
  // Parameters exist only once rendered: their examples are written onto the result.
  for (const route of routes) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const operation = document.paths?.[route.path]?.[method];
    addParameterExamples(
      operation?.parameters as Parameters<typeof addParameterExamples>[0],
      route,
    );
  }
  return document;
}

/**
 * Adjusts every rendered schema: responses may gain fields within `/v1` (spec §9), so
 * output objects do not forbid unknown properties; and the safe-integer bounds zod adds
 * to every integer are noise.
 */
function relaxSchema({
  jsonSchema,
  io,
}: {
  jsonSchema: Record<string, unknown>;
  io: 'input' | 'output';
}) {
  if (io === 'output' && jsonSchema.additionalProperties === false)
    delete jsonSchema.additionalProperties;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}
