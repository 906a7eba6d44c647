import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ROUTES } from '../contract/routes';
import { ReelayError } from '../errors/reelay-error';
import { newId } from '../ids';
import { parseInput } from '../validation/parse-input';
import {
  httpUrlSchema,
  isStorableText,
  pathIdSchema,
  safeString,
  UNSTORABLE_TEXT_MESSAGE,
} from './common';
import { connectCallbackQuerySchema, listIntegrationsQuerySchema } from './integrations';
import { dataDeletionStatusPathSchema, signedRequestFormSchema } from './meta-callbacks';
import { createPostBodySchema } from './posts';
import { createProfileBodySchema } from './profiles';

const UNSTORABLE = ['a\u0000b', '\u0000', '\ud800', 'a\udc00', '\udfff\ud800', 'x\ud83d'];

function refusal(schema: z.ZodType, input: unknown, location: 'body' | 'query' | 'path' = 'body') {
  try {
    parseInput(schema, input, location);
  } catch (error) {
    if (error instanceof ReelayError) return error;
    throw error;
  }
  return null;
}

describe('isStorableText', () => {
  it('accepts any text PostgreSQL and SQLite store unchanged, emoji and controls included', () => {
    for (const text of ['', 'Olá', 'café ☕', '👋🏽', '\ud83d\ude00', '\t\n\u0001\u007f', '\ufffe']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL and UTF-16 surrogates without their pair', () => {
    for (const text of UNSTORABLE) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });
});

describe('safe strings in inputs', () => {
  it('answers VALIDATION_ERROR naming the field for NUL or an unpaired surrogate', () => {
    for (const name of UNSTORABLE) {
      const error = refusal(createProfileBodySchema, { name });
      expect(error?.code).toBe('VALIDATION_ERROR');
      expect(error?.details?.field).toBe('name');
      expect(error?.message).toContain('U+0000');
    }
  });

  it('keeps the other rules of a safe string, such as trimming and length', () => {
    const schema = safeString().trim().min(1).max(3);
    expect(schema.parse('  ab ')).toBe('ab');
    expect(schema.safeParse('abcd').success).toBe(false);
    expect(schema.safeParse('a\u0000').success).toBe(false);
  });

  it('refuses NUL in path ids and the data-deletion code with VALIDATION_ERROR, as for a too-long id', () => {
    expect(refusal(z.object({ id: pathIdSchema }), { id: '\u0000' }, 'path')?.details?.field).toBe(
      'id',
    );
    expect(refusal(z.object({ id: pathIdSchema }), { id: 'x'.repeat(201) }, 'path')?.code).toBe(
      'VALIDATION_ERROR',
    );
    expect(refusal(dataDeletionStatusPathSchema, { code: 'a\u0000' }, 'path')?.details?.field).toBe(
      'code',
    );
    expect(pathIdSchema.parse('post_01jd8k2m3n4p5q6r7s8t9v0wxy')).toBe(
      'post_01jd8k2m3n4p5q6r7s8t9v0wxy',
    );
  });

  it('refuses NUL in the query strings the server compares in SQL', () => {
    for (const [field, value] of [
      ['q', 'a\u0000'],
      ['platform', '\u0000'],
      ['profileId', 'prf_\u0000'],
    ] as const) {
      expect(
        refusal(listIntegrationsQuerySchema, { [field]: value }, 'query')?.details?.field,
      ).toBe(field);
    }
  });

  it('refuses NUL in the OAuth callback parameters and the signed_request of platform callbacks', () => {
    for (const field of ['code', 'state', 'error', 'error_reason', 'error_description']) {
      expect(
        refusal(connectCallbackQuerySchema, { [field]: 'x\u0000' }, 'query')?.details?.field,
      ).toBe(field);
    }
    expect(refusal(signedRequestFormSchema, { signed_request: 'a.\u0000' })?.details?.field).toBe(
      'signed_request',
    );
  });

  it('refuses NUL in every text of a post: caption, options, idempotency key and media URLs', () => {
    const post = {
      content: 'Oi',
      mediaItems: [{ type: 'image', url: 'https://cdn.example.com/a.jpg' }],
      platforms: [{ platform: 'instagram', accountId: newId('integration') }],
    };
    const cases: Array<[string, unknown]> = [
      ['content', { ...post, content: 'a\u0000' }],
      ['idempotencyKey', { ...post, idempotencyKey: '\ud800' }],
      ['timezone', { ...post, timezone: 'America/Sao_Paulo\u0000' }],
      [
        'mediaItems[0].url',
        { ...post, mediaItems: [{ type: 'image', url: 'https://a.com/\u0000' }] },
      ],
      [
        'platforms[0].options.firstComment',
        {
          ...post,
          platforms: [{ ...post.platforms[0], options: { firstComment: 'a\u0000' } }],
        },
      ],
    ];
    for (const [field, body] of cases) {
      const fields = (refusal(createPostBodySchema, body)?.details?.issues ?? []).map(
        (issue) => issue.field,
      );
      expect(fields, field).toContain(field);
    }
  });

  it('leaves no string of any route input accepting NUL (every route of the contract)', () => {
    // Each route's params, query and JSON/form body is rendered to JSON schema; every
    // string property found is given NUL and must be refused at its own path.
    const leaks: string[] = [];
    for (const route of ROUTES) {
      const inputs: Array<[string, z.ZodType | undefined]> = [
        ['params', route.request.params],
        ['query', route.request.query],
        ['json', route.request.body?.['application/json']],
        ['form', route.request.body?.['application/x-www-form-urlencoded']],
      ];
      for (const [where, schema] of inputs) {
        if (!schema) continue;
        const rendered = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as any;
        const defs = rendered.$defs ?? {};
        const root = rendered.$ref ? defs[rendered.$ref.replace('#/$defs/', '')] : rendered;
        for (const [name, property] of Object.entries<any>(root.properties ?? {})) {
          const types = [property.type, ...(property.anyOf ?? []).map((o: any) => o.type)];
          if (!types.includes('string')) continue;
          const result = schema.safeParse({ [name]: 'x\u0000' });
          const refused =
            !result.success && result.error.issues.some((issue) => issue.path[0] === name);
          if (!refused) leaks.push(`${route.id} ${where}.${name}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});

describe('http(s) URLs', () => {
  it('accepts bracketed IPv6 literals, public or not: the address policy decides later', () => {
    for (const url of [
      'https://[2606:4700:4700::1111]/a.jpg',
      'https://[::1]/a.jpg',
      'https://[::ffff:127.0.0.1]/a.jpg',
      'http://[2001:db8::1]:8080/v.mp4?x=1',
      'https://[FE80::1]/a.jpg',
    ]) {
      expect(httpUrlSchema.safeParse(url).success, url).toBe(true);
    }
  });

  it('still accepts names and IPv4, and refuses what is not an absolute http(s) URL', () => {
    for (const url of [
      'https://cdn.example.com/a.jpg',
      'http://127.0.0.1:9/a',
      'https://xn--caf-dma.br/',
    ]) {
      expect(httpUrlSchema.safeParse(url).success, url).toBe(true);
    }
    for (const url of [
      'ftp://[::1]/a',
      'https://[::1/a.jpg',
      'https://[zz::1]/a.jpg',
      'https://[fe80::1%25eth0]/a.jpg',
      'https://exa mple.com/a',
      '/a.jpg',
      'https://cdn.example.com/a\u0000.jpg',
    ]) {
      expect(httpUrlSchema.safeParse(url).success, url).toBe(false);
    }
  });

  it('names the field of a NUL inside a URL with the unstorable-text message', () => {
    const error = refusal(createPostBodySchema, {
      mediaItems: [{ type: 'image', url: 'https://cdn.example.com/\u0000' }],
      platforms: [{ platform: 'instagram', accountId: newId('integration') }],
    });
    expect(error?.details?.issues).toContainEqual({
      field: 'mediaItems[0].url',
      message: UNSTORABLE_TEXT_MESSAGE,
    });
  });
});
