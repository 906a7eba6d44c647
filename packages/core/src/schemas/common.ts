/**
 * Building blocks shared by the resource and request schemas: ids, dates, pagination,
 * the success wrapper and the error envelope.
 */
import * as z from 'zod';
import { SORT_ORDERS } from '../vocabulary/enums';
import { PROJECT_ROLES } from '../vocabulary/roles';
import {
  DEFAULT_PAGE_LIMIT,
  PAGE_LIMIT_MAX,
  PAGE_LIMIT_MIN,
  URL_MAX_LENGTH,
} from '../vocabulary/limits';
import { HTTP_ERROR_CODES } from '../errors/catalogue';
import { ID_PREFIXES, idPattern, type IdKind } from '../ids';
import { parseOffsetDateTime } from '../rules/schedule';
import { isIanaTimeZone } from '../rules/timezone';

/** The only platform Reelay supports (spec §1: `<platform>` is `instagram`). */
export const PLATFORM = 'instagram';
export const platformSchema = z.literal(PLATFORM).meta({ description: 'Sempre `instagram`.' });

/**
 * A well-formed id of one kind. Used for ids inside bodies and queries, where a wrong
 * prefix is a validation error naming the field.
 *
 * @example
 * ```ts
 * idSchema('media').parse('med_01jd8k2m3n4p5q6r7s8t9v0wxy');
 * ```
 */
export function idSchema(kind: IdKind) {
  const prefix = ID_PREFIXES[kind];
  return z
    .string()
    .regex(idPattern(kind), { error: `esperava um id com prefixo ${prefix}_` })
    .meta({
      description: `Id com prefixo \`${prefix}_\`.`,
      example: `${prefix}_01jd8k2m3n4p5q6r7s8t9v0wxy`,
    });
}

/**
 * NUL, or a UTF-16 surrogate without its pair. PostgreSQL `text` refuses NUL outright
 * (a database error, not a validation one), and an unpaired surrogate has no UTF-8 form:
 * the driver would silently store U+FFFD instead, and SQLite would differ.
 */
const UNSTORABLE_CHARACTER =
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The message of a text refused by {@link isStorableText}. */
export const UNSTORABLE_TEXT_MESSAGE =
  'o texto contém um caractere não permitido (U+0000 ou substituto UTF-16 sem par)';

/**
 * Whether a text can be stored as it is by every supported database: no NUL and no
 * unpaired UTF-16 surrogate.
 *
 * @example
 * ```ts
 * isStorableText('Olá 👋'); // true
 * isStorableText('a\u0000b'); // false
 * isStorableText('\ud800'); // false
 * ```
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_CHARACTER.test(text);
}

/**
 * The string building block of every input text (bodies, queries, path parameters):
 * a string that {@link isStorableText} accepts, so SQLite and PostgreSQL answer the same
 * `VALIDATION_ERROR` naming the field instead of reaching the database with it.
 *
 * @example
 * ```ts
 * const nameSchema = safeString({ error: 'o nome é obrigatório' }).trim().min(1).max(120);
 * nameSchema.safeParse('a\u0000b').success; // false
 * ```
 */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE });
}

/**
 * A path segment id: any non-empty storable text; an id that does not exist answers 404.
 * Text no id can hold (too long, NUL, unpaired surrogates) answers 400 `VALIDATION_ERROR`
 * before any lookup, the same on every database.
 */
export const pathIdSchema = safeString().min(1).max(200);

/** An output date: ISO 8601, UTC, with `Z` (spec §2). */
export const dateTimeSchema = z.iso.datetime().meta({
  description: 'Data e hora ISO 8601 em UTC, com `Z`.',
  example: '2026-11-22T13:00:00.000Z',
});

/**
 * An input date-time that must carry `Z` or an explicit offset such as `-03:00`
 * (spec §2, §8); parsed to a `Date`.
 */
export const offsetDateTimeSchema = safeString()
  .meta({
    description: 'Data e hora ISO 8601 com `Z` ou deslocamento explícito (ex.: `-03:00`).',
    example: '2026-11-22T10:00:00-03:00',
    format: 'date-time',
  })
  .transform((text, ctx) => {
    const date = parseOffsetDateTime(text);
    if (date) return date;
    ctx.issues.push({
      code: 'custom',
      input: text,
      message:
        'esperava uma data ISO 8601 com Z ou deslocamento explícito, como 2026-11-22T10:00:00-03:00',
    });
    return z.NEVER;
  });

/** An IANA time zone name such as `America/Sao_Paulo`. */
export const timezoneSchema = safeString()
  .refine(isIanaTimeZone, { error: 'esperava um fuso horário IANA, como America/Sao_Paulo' })
  .meta({
    description: 'Nome de fuso horário IANA; só para exibição.',
    example: 'America/Sao_Paulo',
  });

/**
 * The host of an absolute URL as `URL#hostname` writes it: a DNS name, dotted IPv4, or a
 * bracketed IPv6 literal (`[2606:4700:4700::1111]`; the URL parser has already checked
 * and normalised it, IPv4-mapped forms included).
 */
const URL_HOSTNAME = new RegExp(`${z.regexes.hostname.source}|^\\[[0-9a-f:.]+\\]$`, 'i');

/**
 * An absolute http(s) URL. Whether it may be fetched is decided later by the server's
 * address policy (spec §7 MEDIA_*), for IP literals as for names: `https://[::1]/` is
 * well-formed here and refused there as loopback.
 */
export const httpUrlSchema = z
  .url({
    protocol: /^https?$/,
    hostname: URL_HOSTNAME,
    error: 'esperava uma URL http(s) absoluta',
  })
  .max(URL_MAX_LENGTH)
  .refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE })
  .meta({ example: 'https://cdn.example.com/foto.jpg' });

/**
 * Replaces the JSON schema zod renders with a hand-written one, for inputs whose parsing
 * (query strings turned into numbers, aliases) would otherwise leak into the document.
 */
function documentedAs(schema: Record<string, unknown>) {
  return {
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, schema);
    },
  };
}

/**
 * A non-negative integer read from a query string (or given as a number by the SDK),
 * documented as an OpenAPI integer.
 *
 * @example
 * ```ts
 * const count = queryInteger({ min: 1, max: 50, default: 10, description: 'Quantos.' });
 * ```
 */
export function queryInteger(options: {
  min: number;
  max?: number;
  default: number;
  description: string;
}) {
  const { min, max } = options;
  const integer = z
    .number()
    .int({ error: 'esperava um número inteiro' })
    .min(min, { error: `o mínimo é ${min}` });
  const bounded = max === undefined ? integer : integer.max(max, { error: `o máximo é ${max}` });
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+$/, { error: 'esperava um número inteiro' })
        .transform(Number),
    ])
    .pipe(bounded)
    .optional()
    .transform((value) => value ?? options.default)
    .meta(
      documentedAs({
        type: 'integer',
        minimum: min,
        ...(max === undefined ? {} : { maximum: max }),
        default: options.default,
        description: options.description,
      }),
    );
}

/** `limit` and `offset` of spec §8 "Pagination". */
export const paginationQueryShape = {
  limit: queryInteger({
    min: PAGE_LIMIT_MIN,
    max: PAGE_LIMIT_MAX,
    default: DEFAULT_PAGE_LIMIT,
    description: `Itens por página, de ${PAGE_LIMIT_MIN} a ${PAGE_LIMIT_MAX}.`,
  }),
  offset: queryInteger({ min: 0, default: 0, description: 'Quantos itens pular.' }),
};

/**
 * `sort` of spec §8: `asc`, `desc`, `createdAt` (alias of `asc`) or `-createdAt` (alias of
 * `desc`); default `desc`; parsed to `asc` or `desc`.
 */
export const sortQuerySchema = z
  .enum([...SORT_ORDERS, 'createdAt', '-createdAt'])
  .optional()
  .transform((sort): 'asc' | 'desc' => (sort === 'asc' || sort === 'createdAt' ? 'asc' : 'desc'))
  .meta(
    documentedAs({
      type: 'string',
      enum: [...SORT_ORDERS, 'createdAt', '-createdAt'],
      default: 'desc',
      description: 'Ordem por data de criação; `createdAt` = `asc`, `-createdAt` = `desc`.',
    }),
  );

/**
 * A `profileId` filter: a profile id, or the literal `null` for "no profile" (spec §4).
 * Parsed to the id or to `null`.
 */
export const profileFilterSchema = safeString()
  .min(1)
  .transform((value) => (value === 'null' ? null : value))
  .meta(
    documentedAs({
      type: 'string',
      minLength: 1,
      description: 'Id de perfil (`prf_…`), ou o texto `null` para contas sem perfil.',
    }),
  );

/**
 * Wraps a response shape with `success: true` (spec §4: every successful JSON response
 * carries it).
 *
 * @example
 * ```ts
 * const profileResponse = successResponse({ profile: profileSchema });
 * ```
 */
export function successResponse<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), ...shape });
}

/** `{ success: true, message }`, the answer of removals. */
export const messageResponseSchema = successResponse({ message: z.string() }).meta({
  id: 'MessageResponse',
});

/** The error envelope of spec §7. */
export const errorEnvelopeSchema = z
  .object({
    statusCode: z.int().meta({ description: 'O status HTTP.' }),
    code: z.string().meta({
      description: 'Código estável; os clientes decidem por ele.',
      examples: [...HTTP_ERROR_CODES],
    }),
    message: z.string().meta({ description: 'Texto em português, para pessoas; pode mudar.' }),
    details: z
      .object({
        accountId: z.string().optional(),
        reason: z.string().optional(),
        scope: z.string().optional(),
        quotaUsage: z.int().optional(),
        quotaTotal: z.int().optional(),
        field: z.string().optional(),
        issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
        postIds: z
          .array(z.string())
          .optional()
          .meta({ description: 'Em `MEDIA_IN_USE`: os posts que ainda vão publicar a mídia.' }),
        seriesIds: z.array(z.string()).optional().meta({
          description:
            'Em `MEDIA_IN_USE`: as séries ativas (`ser_…`) cujas próximas ocorrências vão publicar a mídia.',
        }),
        deliveryId: z.string().optional().meta({
          description: 'Em `DELIVERY_PENDING`: a entrega (`dlv_…`) desse evento ainda pendente.',
        }),
        role: z
          .enum(PROJECT_ROLES)
          .optional()
          .meta({ description: 'Em `ROLE_REQUIRED`: o seu papel no projeto.' }),
        required: z
          .enum(PROJECT_ROLES)
          .optional()
          .meta({ description: 'Em `ROLE_REQUIRED`: o papel mínimo que a ação pede.' }),
      })
      .catchall(z.unknown())
      .optional()
      .meta({ description: 'Contexto opcional do erro.' }),
  })
  .meta({ id: 'Error', description: 'Envelope de erro de todas as respostas de erro.' });
