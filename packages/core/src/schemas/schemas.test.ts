import { describe, expect, it } from 'vitest';
import { ReelayError } from '../errors/reelay-error';
import { newId } from '../ids';
import { parseInput } from '../validation/parse-input';
import { createApiKeyBodySchema, updateOrganizationBodySchema } from './account';
import { signupBodySchema } from './auth';
import { offsetDateTimeSchema, timezoneSchema } from './common';
import { listIntegrationsQuerySchema } from './integrations';
import { createNotificationBodySchema, testNotificationBodySchema } from './notifications';
import {
  createPostBodySchema,
  listPostsQuerySchema,
  retryPostBodySchema,
  updatePostBodySchema,
} from './posts';
import { createProfileBodySchema } from './profiles';
import { webhookEventSchema } from './webhook-payload';

function issueFields(schema: Parameters<typeof parseInput>[0], input: unknown): string[] {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof ReelayError)
      return (error.details?.issues ?? []).map((issue) => issue.field);
    throw error;
  }
  return [];
}

const account = newId('integration');
const target = (accountId = account) => ({ platform: 'instagram', accountId });
const validPost = {
  content: 'Bom dia! #café',
  mediaItems: [{ type: 'image', url: 'https://cdn.example.com/a.jpg' }],
  platforms: [target()],
};

describe('post creation body', () => {
  it('parses a valid body and fills defaults', () => {
    const body = parseInput(createPostBodySchema, { ...validPost, content: undefined });
    expect(body.content).toBe('');
    expect(body.platforms![0]!.accountId).toBe(account);
  });

  it('accepts scheduledFor with Z or an explicit -03:00 offset, as the same instant', () => {
    const zulu = parseInput(createPostBodySchema, {
      ...validPost,
      scheduledFor: '2026-12-01T13:00:00Z',
    });
    const brasilia = parseInput(createPostBodySchema, {
      ...validPost,
      scheduledFor: '2026-12-01T10:00:00-03:00',
    });
    expect(zulu.scheduledFor).toEqual(brasilia.scheduledFor);
    expect(brasilia.scheduledFor!.toISOString()).toBe('2026-12-01T13:00:00.000Z');
  });

  it('refuses scheduledFor without an offset', () => {
    expect(
      issueFields(createPostBodySchema, { ...validPost, scheduledFor: '2026-12-01T10:00:00' }),
    ).toEqual(['scheduledFor']);
  });

  it('refuses a caption of 2,201 characters and accepts 2,200', () => {
    expect(issueFields(createPostBodySchema, { ...validPost, content: 'x'.repeat(2201) })).toEqual([
      'content',
    ]);
    expect(issueFields(createPostBodySchema, { ...validPost, content: 'x'.repeat(2200) })).toEqual(
      [],
    );
  });

  it('refuses 6 targets and accepts 5', () => {
    const targets = (count: number) =>
      Array.from({ length: count }, () => target(newId('integration')));
    expect(issueFields(createPostBodySchema, { ...validPost, platforms: targets(6) })).toEqual([
      'platforms',
    ]);
    expect(issueFields(createPostBodySchema, { ...validPost, platforms: targets(5) })).toEqual([]);
    expect(issueFields(createPostBodySchema, { ...validPost, platforms: [] })).toEqual([
      'platforms',
    ]);
  });

  it('refuses the same account twice', () => {
    expect(
      issueFields(createPostBodySchema, { ...validPost, platforms: [target(), target()] }),
    ).toEqual(['platforms[1].accountId']);
  });

  it('refuses unknown fields, at every level', () => {
    expect(
      issueFields(createPostBodySchema, { ...validPost, scheduleFor: '2026-12-01T10:00:00Z' }),
    ).toEqual(['scheduleFor']);
    expect(
      issueFields(createPostBodySchema, {
        ...validPost,
        platforms: [{ ...target(), options: { sharetofeed: true } }],
      }),
    ).toEqual(['platforms[0].options.sharetofeed']);
    expect(
      issueFields(createPostBodySchema, {
        ...validPost,
        mediaItems: [{ type: 'image', url: 'https://x.test/a.jpg', alt: 'x' }],
      }),
    ).toEqual(['mediaItems[0].alt']);
  });

  it('checks the shape of trial params, the AI label, the audio name and product tags', () => {
    const withOptions = (options: object) => ({
      ...validPost,
      platforms: [{ ...target(), options }],
    });
    expect(
      issueFields(
        createPostBodySchema,
        withOptions({
          trialParams: { graduationStrategy: 'MANUAL' },
          aiGenerated: true,
          audioName: 'Som original',
          productTags: [{ productId: '123', x: 0, y: 1 }],
        }),
      ),
    ).toEqual([]);
    const at = (name: string) => `platforms[0].options.${name}`;
    expect(
      issueFields(
        createPostBodySchema,
        withOptions({ trialParams: { graduationStrategy: 'AUTO' } }),
      ),
    ).toEqual([at('trialParams.graduationStrategy')]);
    expect(issueFields(createPostBodySchema, withOptions({ trialParams: {} }))).toEqual([
      at('trialParams.graduationStrategy'),
    ]);
    expect(issueFields(createPostBodySchema, withOptions({ aiGenerated: 'yes' }))).toEqual([
      at('aiGenerated'),
    ]);
    expect(issueFields(createPostBodySchema, withOptions({ audioName: '' }))).toEqual([
      at('audioName'),
    ]);
    expect(issueFields(createPostBodySchema, withOptions({ audioName: 'x'.repeat(256) }))).toEqual([
      at('audioName'),
    ]);
    const tags = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ productId: String(index + 1), x: 0, y: 0 }));
    expect(issueFields(createPostBodySchema, withOptions({ productTags: tags(5) }))).toEqual([]);
    expect(issueFields(createPostBodySchema, withOptions({ productTags: tags(6) }))).toEqual([
      at('productTags'),
    ]);
    expect(issueFields(createPostBodySchema, withOptions({ productTags: [] }))).toEqual([
      at('productTags'),
    ]);
    expect(
      issueFields(
        createPostBodySchema,
        withOptions({ productTags: [{ productId: 'abc', x: 1.5, y: -0.1 }] }),
      ),
    ).toEqual([at('productTags[0].productId'), at('productTags[0].x'), at('productTags[0].y')]);
    expect(
      issueFields(createPostBodySchema, withOptions({ productTags: [{ product_id: '1' }] })),
    ).toContain(at('productTags[0].product_id'));
  });

  it('refuses another platform, a wrong id prefix, and a media item with both or neither source', () => {
    expect(
      issueFields(createPostBodySchema, {
        ...validPost,
        platforms: [{ platform: 'tiktok', accountId: account }],
      }),
    ).toEqual(['platforms[0].platform']);
    expect(
      issueFields(createPostBodySchema, { ...validPost, platforms: [target(newId('post'))] }),
    ).toEqual(['platforms[0].accountId']);
    const medId = newId('media');
    expect(
      issueFields(createPostBodySchema, { ...validPost, mediaItems: [{ mediaId: medId }] }),
    ).toEqual([]);
    expect(
      issueFields(createPostBodySchema, {
        ...validPost,
        mediaItems: [{ mediaId: medId, type: 'image', url: 'https://x.test/a.jpg' }],
      }),
    ).toEqual(['mediaItems[0]']);
    expect(
      issueFields(createPostBodySchema, { ...validPost, mediaItems: [{ type: 'image' }] }),
    ).toEqual(['mediaItems[0]']);
    expect(
      issueFields(createPostBodySchema, {
        ...validPost,
        mediaItems: [{ url: 'https://x.test/a.jpg' }],
      }),
    ).toEqual(['mediaItems[0].type']);
    expect(
      issueFields(createPostBodySchema, {
        ...validPost,
        mediaItems: [{ type: 'image', url: 'ftp://x.test/a.jpg' }],
      }),
    ).toEqual(['mediaItems[0].url']);
  });

  it('limits idempotencyKey to 128 characters', () => {
    expect(
      issueFields(createPostBodySchema, { ...validPost, idempotencyKey: 'k'.repeat(128) }),
    ).toEqual([]);
    expect(
      issueFields(createPostBodySchema, { ...validPost, idempotencyKey: 'k'.repeat(129) }),
    ).toEqual(['idempotencyKey']);
    expect(issueFields(createPostBodySchema, { ...validPost, idempotencyKey: '' })).toEqual([
      'idempotencyKey',
    ]);
  });

  it('takes an IANA time zone only', () => {
    expect(
      issueFields(createPostBodySchema, { ...validPost, timezone: 'America/Sao_Paulo' }),
    ).toEqual([]);
    expect(issueFields(createPostBodySchema, { ...validPost, timezone: '-03:00' })).toEqual([
      'timezone',
    ]);
  });

  it('bounds the Instagram options', () => {
    const options = (value: object) => ({
      ...validPost,
      platforms: [{ ...target(), options: value }],
    });
    expect(
      issueFields(createPostBodySchema, options({ collaborators: ['a', 'b', 'c', 'd'] })),
    ).toEqual(['platforms[0].options.collaborators']);
    expect(issueFields(createPostBodySchema, options({ collaborators: ['@a.b', 'c_d'] }))).toEqual(
      [],
    );
    expect(issueFields(createPostBodySchema, options({ collaborators: ['not a user'] }))).toEqual([
      'platforms[0].options.collaborators[0]',
    ]);
    expect(
      issueFields(
        createPostBodySchema,
        options({ userTags: [{ username: 'ana', x: 1.01, y: -0.1 }] }),
      ),
    ).toEqual(['platforms[0].options.userTags[0].x', 'platforms[0].options.userTags[0].y']);
    expect(issueFields(createPostBodySchema, options({ thumbOffset: -1 }))).toEqual([
      'platforms[0].options.thumbOffset',
    ]);
    expect(issueFields(createPostBodySchema, options({ altText: 'x'.repeat(1001) }))).toEqual([
      'platforms[0].options.altText',
    ]);
    expect(issueFields(createPostBodySchema, options({ locationId: 'Paris' }))).toEqual([
      'platforms[0].options.locationId',
    ]);
  });

  it('strips the @ of usernames', () => {
    const body = parseInput(createPostBodySchema, {
      ...validPost,
      platforms: [{ ...target(), options: { collaborators: ['@ana'] } }],
    });
    expect(body.platforms![0]!.options!.collaborators).toEqual(['ana']);
  });
});

describe('post update and retry bodies', () => {
  it('needs at least one field to update and refuses unknown ones', () => {
    expect(issueFields(updatePostBodySchema, {})).toEqual(['']);
    expect(issueFields(updatePostBodySchema, { content: 'novo' })).toEqual([]);
    expect(issueFields(updatePostBodySchema, { queue: true })[0]).toBe('queue');
  });

  it('takes an empty or absent retry body as "now"', () => {
    expect(parseInput(retryPostBodySchema, undefined)).toEqual({});
    expect(parseInput(retryPostBodySchema, {})).toEqual({});
    expect(issueFields(retryPostBodySchema, { scheduledFor: '2026-12-01 10:00' })).toEqual([
      'scheduledFor',
    ]);
  });
});

describe('pagination and list queries', () => {
  it('defaults limit 20, offset 0, sort desc', () => {
    expect(parseInput(listIntegrationsQuerySchema, {}, 'query')).toEqual({
      limit: 20,
      offset: 0,
      sort: 'desc',
    });
  });

  it('reads query strings and maps the sort aliases', () => {
    expect(
      parseInput(
        listIntegrationsQuerySchema,
        { limit: '100', offset: '0', sort: 'createdAt' },
        'query',
      ),
    ).toMatchObject({
      limit: 100,
      offset: 0,
      sort: 'asc',
    });
    expect(parseInput(listIntegrationsQuerySchema, { sort: '-createdAt' }, 'query').sort).toBe(
      'desc',
    );
    expect(parseInput(listIntegrationsQuerySchema, { sort: 'asc' }, 'query').sort).toBe('asc');
  });

  it('refuses limit 0, 101, decimals, text and negative offsets', () => {
    for (const limit of ['0', '101', '1.5', 'abc', '', ' 5']) {
      expect(issueFields(listIntegrationsQuerySchema, { limit }), limit).toEqual(['limit']);
    }
    expect(issueFields(listIntegrationsQuerySchema, { offset: '-1' })).toEqual(['offset']);
    expect(issueFields(listIntegrationsQuerySchema, { sort: 'newest' })).toEqual(['sort']);
  });

  it('reads profileId=null as "no profile" and bounds q', () => {
    expect(
      parseInput(listIntegrationsQuerySchema, { profileId: 'null' }, 'query').profileId,
    ).toBeNull();
    expect(parseInput(listIntegrationsQuerySchema, { profileId: 'prf_x' }, 'query').profileId).toBe(
      'prf_x',
    );
    expect(issueFields(listIntegrationsQuerySchema, { profileId: '' })).toEqual(['profileId']);
    expect(issueFields(listIntegrationsQuerySchema, { q: 'x'.repeat(101) })).toEqual(['q']);
    expect(issueFields(listIntegrationsQuerySchema, { q: 'x'.repeat(100) })).toEqual([]);
  });

  it('refuses a post date range that ends before it starts', () => {
    expect(
      issueFields(listPostsQuerySchema, {
        from: '2026-12-02T00:00:00Z',
        to: '2026-12-01T00:00:00Z',
      }),
    ).toEqual(['from']);
    expect(
      issueFields(listPostsQuerySchema, {
        from: '2026-12-01T00:00:00-03:00',
        to: '2026-12-01T03:00:00Z',
      }),
    ).toEqual([]);
  });
});

describe('account, profile and notification bodies', () => {
  it('bounds organization names to 1–80 and refuses extra fields', () => {
    expect(issueFields(updateOrganizationBodySchema, { name: 'x'.repeat(80) })).toEqual([]);
    expect(issueFields(updateOrganizationBodySchema, { name: 'x'.repeat(81) })).toEqual(['name']);
    expect(issueFields(updateOrganizationBodySchema, { name: '   ' })).toEqual(['name']);
    expect(issueFields(updateOrganizationBodySchema, {})).toEqual(['name']);
    expect(issueFields(updateOrganizationBodySchema, { name: 'ok', role: 'owner' })).toEqual([
      'role',
    ]);
  });

  it('takes an empty API key body and bounds names to 60', () => {
    expect(parseInput(createApiKeyBodySchema, undefined)).toEqual({});
    expect(parseInput(createApiKeyBodySchema, {})).toEqual({});
    expect(issueFields(createApiKeyBodySchema, { name: 'x'.repeat(61) })).toEqual(['name']);
    expect(issueFields(createApiKeyBodySchema, { name: 'ci', scopes: [] })).toEqual(['scopes']);
  });

  it('bounds profile names to 120 and descriptions to 500', () => {
    expect(
      issueFields(createProfileBodySchema, { name: 'x'.repeat(120), description: 'd'.repeat(500) }),
    ).toEqual([]);
    expect(issueFields(createProfileBodySchema, { name: 'x'.repeat(121) })).toEqual(['name']);
    expect(
      issueFields(createProfileBodySchema, { name: 'ok', description: 'd'.repeat(501) }),
    ).toEqual(['description']);
    expect(issueFields(createProfileBodySchema, { name: '' })).toEqual(['name']);
    expect(issueFields(createProfileBodySchema, { name: 'ok', extra: true })).toEqual(['extra']);
  });

  it('takes only the four event types, without repeats', () => {
    const body = {
      eventTypes: ['post.published'],
      webhook: { url: 'https://hooks.example.com/reelay' },
    };
    expect(issueFields(createNotificationBodySchema, body)).toEqual([]);
    expect(issueFields(createNotificationBodySchema, { ...body, eventTypes: [] })).toEqual([
      'eventTypes',
    ]);
    expect(
      issueFields(createNotificationBodySchema, { ...body, eventTypes: ['post.deleted'] }),
    ).toEqual(['eventTypes[0]']);
    expect(
      issueFields(createNotificationBodySchema, {
        ...body,
        eventTypes: ['post.failed', 'post.failed'],
      }),
    ).toEqual(['eventTypes']);
    expect(
      issueFields(createNotificationBodySchema, {
        ...body,
        webhook: { url: 'https://x.test', secret: 'mine' },
      }),
    ).toEqual(['webhook.secret']);
  });

  it('tests either a saved subscription or a URL, not both', () => {
    const notificationId = newId('notification');
    expect(issueFields(testNotificationBodySchema, { notificationId })).toEqual([]);
    expect(
      issueFields(testNotificationBodySchema, { webhook: { url: 'https://x.test/h' } }),
    ).toEqual([]);
    expect(issueFields(testNotificationBodySchema, {})).toEqual(['']);
    expect(
      issueFields(testNotificationBodySchema, {
        notificationId,
        webhook: { url: 'https://x.test/h' },
      }),
    ).toEqual(['']);
  });

  it('lowercases sign-up e-mails and requires 8-character passwords', () => {
    expect(
      parseInput(signupBodySchema, { email: 'Ana@Example.COM', password: '12345678' }).email,
    ).toBe('ana@example.com');
    expect(
      issueFields(signupBodySchema, { email: 'ana@example.com', password: '1234567' }),
    ).toEqual(['password']);
    expect(issueFields(signupBodySchema, { email: 'not-an-email', password: '12345678' })).toEqual([
      'email',
    ]);
  });
});

describe('shared inputs', () => {
  it('parse dates and zones', () => {
    expect(offsetDateTimeSchema.parse('2026-11-22T10:00:00-03:00').toISOString()).toBe(
      '2026-11-22T13:00:00.000Z',
    );
    expect(timezoneSchema.safeParse('Europe/Lisbon').success).toBe(true);
  });
});

describe('webhook payload', () => {
  it('matches the spec §6 shape', () => {
    const payload = {
      version: '2026-09-01',
      id: newId('event'),
      type: 'post.partial',
      createdAt: '2026-11-21T12:00:00.000Z',
      projectId: newId('project'),
      profileId: null,
      data: {
        post: {
          id: newId('post'),
          status: 'partial',
          content: 'Olá',
          scheduledFor: null,
          publishedAt: '2026-11-21T12:00:00.000Z',
          mediaItems: [{ type: 'image', url: 'https://cdn.example.com/a.jpg' }],
          links: { api: 'https://api.example.com/v1/posts/post_1' },
        },
        platforms: [
          {
            platform: 'instagram',
            integrationId: newId('integration'),
            profileId: null,
            status: 'failed',
            platformPostId: null,
            platformPostUrl: null,
            publishedAt: null,
            errorCode: 'SPAM_SUSPECTED',
            errorMessage: 'O Instagram marcou este conteúdo como possível spam.',
            warningMessage: null,
          },
        ],
      },
    };
    expect(webhookEventSchema.safeParse(payload).success).toBe(true);
    expect(webhookEventSchema.safeParse({ ...payload, version: '2025-01-01' }).success).toBe(false);
    expect(webhookEventSchema.safeParse({ ...payload, type: 'post.deleted' }).success).toBe(false);
  });
});
