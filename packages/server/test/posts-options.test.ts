/**
 * The newer Instagram options (trial Reels, the AI label, audio names, product tags,
 * Reel user tags): what the platform receives, where each is refused, product tags
 * refused at acceptance for accounts connected with Instagram Login, and the hashtag cap
 * Instagram announced (a warning, or the platform's refusal when the emulator applies it).
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginMode } from '@reelay/core';
import { updateIntegration } from '../src/store/integrations';
import { fixture, makeFixtures } from '@reelay/test-support/media-fixtures';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const DAY = 24 * 60 * 60_000;
const hashtags = (count: number) =>
  Array.from({ length: count }, (_, index) => `#tag${index}`).join(' ');

describe.each(testDialects())('post options on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let instagram: { id: string; platformId: string };
  let facebook: { id: string; platformId: string };
  let reelUrl: string;
  let seed = 700;

  beforeAll(async () => {
    await makeFixtures();
    media = await startMediaServer();
    reelUrl = media.serve('/video/options.mp4', readFileSync(fixture('reel.mp4')), 'video/mp4');
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    const connect = async (username: string) => {
      const connected = await connectThroughPlatform(platform, account, { username });
      return {
        id: connected.body.integration.id as string,
        platformId: connected.platformAccountId,
      };
    };
    instagram = await connect('opcoes.ig');
    facebook = await connect('opcoes.fb');
    await setLoginMode(facebook.id, 'facebook');
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });
  afterEach(() => {
    platform.emulator.configure({ hashtagLimit: 30 });
    platform.emulator.clearFaults();
  });

  /** The account's connection mode, as a Facebook Login connection would store it. */
  const setLoginMode = (id: string, loginMode: LoginMode) =>
    updateIntegration(platform.server.reelay.context.db, id, { loginMode });
  const url = () => platform.server.url;
  const create = (body: Record<string, unknown>) =>
    call(url(), 'POST', '/v1/posts', body, account.key);
  const get = async (id: string) =>
    (await call(url(), 'GET', `/v1/posts/${id}`, undefined, account.key)).body.post;
  const image = () => ({ type: 'image', url: media.image(1080, 1350, 'jpg', ++seed) });
  const video = () => ({ type: 'video', url: reelUrl });
  const target = (entry: { id: string }, options?: object) => ({
    platform: 'instagram',
    accountId: entry.id,
    ...(options ? { options } : {}),
  });
  const containerWith = (caption: string) => {
    const found = platform.emulator.containers().filter((item) => item.caption === caption);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const containerById = (id: string) => platform.emulator.containers().find((c) => c.id === id)!;
  const later = () => new Date(platform.server.clock.now() + DAY).toISOString();

  describe('what the platform receives', () => {
    it('sends a trial Reel with its audio name, the AI label and username-only user tags', async () => {
      const created = await create({
        content: 'Reel de teste',
        mediaItems: [video()],
        platforms: [
          target(instagram, {
            trialParams: { graduationStrategy: 'MANUAL' },
            audioName: 'Som da padaria',
            aiGenerated: true,
            userTags: [{ username: '@ana' }],
          }),
        ],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      await settle(platform.server);
      expect((await get(created.body.post.id)).status).toBe('published');
      expect(containerWith('Reel de teste')).toMatchObject({
        kind: 'REELS',
        trialGraduation: 'MANUAL',
        audioName: 'Som da padaria',
        isAiGenerated: true,
        userTags: [{ username: 'ana' }],
      });
    });

    it('puts the AI label and collaborators on the carousel container, never on its items', async () => {
      const created = await create({
        content: 'Carrossel IA',
        mediaItems: [image(), image()],
        platforms: [target(instagram, { aiGenerated: true, collaborators: ['parceira'] })],
      });
      await settle(platform.server);
      expect((await get(created.body.post.id)).status).toBe('published');
      const parent = containerWith('Carrossel IA');
      expect(parent).toMatchObject({
        kind: 'CAROUSEL',
        isAiGenerated: true,
        collaborators: ['parceira'],
      });
      expect(parent.children).toHaveLength(2);
      for (const childId of parent.children!) {
        const child = containerById(childId);
        expect(child.kind).toBe('CAROUSEL_ITEM_IMAGE');
        expect(child.isAiGenerated).toBeUndefined();
        expect(child.collaborators).toBeUndefined();
      }
    });

    it('sends the AI label on a Story', async () => {
      const created = await create({
        kind: 'story',
        mediaItems: [{ type: 'image', url: media.image(1080, 1920, 'jpg', ++seed) }],
        platforms: [target(instagram, { aiGenerated: true })],
      });
      await settle(platform.server);
      const post = await get(created.body.post.id);
      expect(post.status).toBe('published');
      const [story] = platform.emulator
        .published()
        .filter((item) => item.id === post.platforms[0].platformPostId);
      expect(story).toMatchObject({ productType: 'STORY', isAiGenerated: true });
    });

    it('sends product tags, placed on a feed image and unplaced on a Reel, for a Facebook-Login account', async () => {
      const feed = await create({
        content: 'Produtos no feed',
        mediaItems: [image()],
        platforms: [
          target(facebook, { productTags: [{ productId: '3231775643511089', x: 0.25, y: 0.75 }] }),
        ],
      });
      const reel = await create({
        content: 'Produtos no Reel',
        mediaItems: [video()],
        platforms: [target(facebook, { productTags: [{ productId: '42' }, { productId: '43' }] })],
      });
      expect([feed.status, reel.status]).toEqual([202, 202]);
      // The Facebook host's own publishing is covered by the Facebook Login suites; here the
      // account publishes through the Instagram host, where the emulator takes the same
      // parameters, so the request itself can be inspected.
      await setLoginMode(facebook.id, 'instagram');
      try {
        await settle(platform.server);
      } finally {
        await setLoginMode(facebook.id, 'facebook');
      }
      expect((await get(feed.body.post.id)).status).toBe('published');
      expect((await get(reel.body.post.id)).status).toBe('published');
      expect(containerWith('Produtos no feed').productTags).toEqual([
        { productId: '3231775643511089', x: 0.25, y: 0.75 },
      ]);
      expect(containerWith('Produtos no Reel').productTags).toEqual([
        { productId: '42' },
        { productId: '43' },
      ]);
    });
  });

  describe('where each option is refused', () => {
    it.each([
      [
        'trialParams on a feed image',
        'feed',
        { trialParams: { graduationStrategy: 'MANUAL' } },
        'trialParams',
      ],
      ['audioName on a carousel', 'carousel', { audioName: 'Som' }, 'audioName'],
      [
        'trialParams on a Story',
        'story',
        { trialParams: { graduationStrategy: 'SS_PERFORMANCE' } },
        'trialParams',
      ],
      [
        'user tags with coordinates on a Reel',
        'reel',
        { userTags: [{ username: 'ana', x: 0.5, y: 0.5 }] },
        'userTags',
      ],
      ['product tags on a Story', 'story', { productTags: [{ productId: '1' }] }, 'productTags'],
      [
        'product tags on a carousel',
        'carousel',
        { productTags: [{ productId: '1', x: 0, y: 0 }] },
        'productTags',
      ],
      [
        'product tags with coordinates on a Reel',
        'reel',
        { productTags: [{ productId: '1', x: 0, y: 0 }] },
        'productTags[0]',
      ],
      [
        'product tags without coordinates on a feed image',
        'feed',
        { productTags: [{ productId: '1' }] },
        'productTags[0]',
      ],
    ])('refuses %s with VALIDATION_ERROR naming the field', async (_name, kind, options, field) => {
      const mediaItems =
        kind === 'feed' ? [image()] : kind === 'carousel' ? [image(), image()] : [video()];
      const before = platform.emulator.containers().length;
      const answer = await create({
        kind,
        ...(kind === 'story' ? {} : { content: 'Recusado' }),
        mediaItems,
        platforms: [target(facebook, options)],
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
      expect(answer.body.details.field).toBe(`platforms[0].options.${field}`);
      expect(platform.emulator.containers()).toHaveLength(before);
    });

    it('refuses malformed options by their shape', async () => {
      const answer = await create({
        content: 'Forma',
        mediaItems: [video()],
        platforms: [
          target(facebook, {
            trialParams: { graduationStrategy: 'LATER' },
            productTags: Array.from({ length: 6 }, (_, index) => ({ productId: String(index) })),
          }),
        ],
      });
      expect(answer.status).toBe(400);
      expect(answer.body.details.issues.map((issue: { field: string }) => issue.field)).toEqual([
        'platforms[0].options.trialParams.graduationStrategy',
        'platforms[0].options.productTags',
      ]);
    });
  });

  describe('options only Facebook Login allows', () => {
    const tagged = { productTags: [{ productId: '7', x: 0.5, y: 0.5 }] };

    it('refuses product tags for an Instagram-Login account at acceptance, naming the option and the mode', async () => {
      const containers = platform.emulator.containers().length;
      const listed = async () =>
        (await call(url(), 'GET', '/v1/posts?limit=100', undefined, account.key)).body.total;
      const before = await listed();
      const answer = await create({
        content: 'Loja',
        mediaItems: [image()],
        platforms: [target(facebook, tagged), target(instagram, tagged)],
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'platforms[1].options.productTags' },
      });
      expect(answer.body.message).toMatch(/^Campo 'platforms\[1\]\.options\.productTags'/);
      expect(answer.body.message).toMatch(/Login do Instagram/);
      expect(answer.body.message).toMatch(/Login do Facebook/);
      expect(await listed()).toBe(before);
      expect(platform.emulator.containers()).toHaveLength(containers);
    });

    it('accepts them for a Facebook-Login account', async () => {
      const answer = await create({
        content: 'Loja no Facebook',
        mediaItems: [image()],
        platforms: [target(facebook, tagged)],
        scheduledFor: later(),
      });
      expect(answer.status).toBe(201);
      await call(url(), 'DELETE', `/v1/posts/${answer.body.post.id}`, undefined, account.key);
    });

    it('refuses an edit once the account is connected with Instagram Login', async () => {
      const created = await create({
        content: 'Editar loja',
        mediaItems: [image()],
        platforms: [target(facebook, tagged)],
        scheduledFor: later(),
      });
      expect(created.status).toBe(201);
      const id = created.body.post.id;
      await setLoginMode(facebook.id, 'instagram');
      try {
        const edit = await call(
          url(),
          'PATCH',
          `/v1/posts/${id}`,
          { content: 'Novo' },
          account.key,
        );
        expect(edit.status).toBe(400);
        expect(edit.body.code).toBe('VALIDATION_ERROR');
        expect(edit.body.details.field).toBe('platforms[0].options.productTags');
        expect((await get(id)).content).toBe('Editar loja');
      } finally {
        await setLoginMode(facebook.id, 'facebook');
      }
      const edit = await call(url(), 'PATCH', `/v1/posts/${id}`, { content: 'Novo' }, account.key);
      expect(edit.status).toBe(200);
      await call(url(), 'DELETE', `/v1/posts/${id}`, undefined, account.key);
    });
  });

  describe('the hashtag cap Instagram announced', () => {
    it('accepts up to 30 hashtags, warning on the target past 5, and publishes with the warning', async () => {
      const content = `Muitas ${hashtags(7)}`;
      const created = await create({
        content,
        mediaItems: [image()],
        platforms: [target(instagram)],
      });
      expect(created.status).toBe(202);
      const warning = created.body.post.platforms[0].warningMessage;
      expect(warning).toMatch(/7 hashtags/);
      expect(warning).toMatch(/dezembro de 2025/);
      expect(warning).toMatch(/limite de 5/);
      await settle(platform.server);
      const shown = (await get(created.body.post.id)).platforms[0];
      expect(shown).toMatchObject({
        status: 'published',
        errorCode: null,
        warningMessage: warning,
      });
      expect(platform.emulator.published().filter((item) => item.caption === content)).toHaveLength(
        1,
      );
    });

    it('keeps the target without a warning at 5 hashtags', async () => {
      const created = await create({
        content: `Poucas ${hashtags(5)}`,
        mediaItems: [image()],
        platforms: [target(instagram)],
      });
      expect(created.body.post.platforms[0].warningMessage).toBeNull();
      await settle(platform.server);
      expect((await get(created.body.post.id)).platforms[0].warningMessage).toBeNull();
    });

    it('fails the target with guidance when the platform refuses more than 5', async () => {
      platform.emulator.configure({ hashtagLimit: 5 });
      const content = `Recusadas ${hashtags(8)}`;
      const created = await create({
        content,
        mediaItems: [image()],
        platforms: [target(instagram)],
      });
      expect(created.status).toBe(202);
      await settle(platform.server);
      const shown = (await get(created.body.post.id)).platforms[0];
      expect(shown).toMatchObject({ status: 'failed', errorCode: 'VALIDATION_ERROR' });
      expect(shown.errorMessage).toMatch(/recusou a legenda com 8 hashtags/);
      expect(shown.errorMessage).toMatch(/no máximo 5/);
      expect(shown.warningMessage).toMatch(/8 hashtags/);
      expect(platform.emulator.published().filter((item) => item.caption === content)).toEqual([]);
    });

    it('updates the warning when an edit changes the caption', async () => {
      const created = await create({
        content: hashtags(9),
        mediaItems: [image()],
        platforms: [target(instagram)],
        scheduledFor: later(),
      });
      expect(created.body.post.platforms[0].warningMessage).toMatch(/9 hashtags/);
      const id = created.body.post.id;
      const edited = await call(url(), 'PATCH', `/v1/posts/${id}`, { content: 'Sem' }, account.key);
      expect(edited.body.post.platforms[0].warningMessage).toBeNull();
      const again = await call(
        url(),
        'PATCH',
        `/v1/posts/${id}`,
        { content: hashtags(6) },
        account.key,
      );
      expect(again.body.post.platforms[0].warningMessage).toMatch(/6 hashtags/);
      await call(url(), 'DELETE', `/v1/posts/${id}`, undefined, account.key);
    });
  });
});
