/**
 * Feeds (`/v1/feeds`): following, changing, pausing and removing a project's feeds, and
 * checking one now. The checks themselves are in feeds/feed-check.ts; the scheduled ones
 * are the `check_feed` job (feeds/feed-job.ts).
 */
import {
  FEED_DEFAULT_TEMPLATE,
  FEEDS_MAX,
  newId,
  ReelayError,
  validationError,
  type createFeedBodySchema,
  type updateFeedBodySchema,
} from '@reelay/core';
import type * as z from 'zod';
import { checkFeed, probeFeed, type FeedCheck, type FeedDeps } from '../feeds/feed-check';
import { scheduleFeedCheck, unscheduleFeedCheck } from '../feeds/feed-schedule';
import type { Actor } from '../store/activity';
import {
  countFeeds,
  deleteFeed,
  findFeed,
  insertFeed,
  listFeeds,
  updateFeed,
  type FeedChanges,
  type FeedRecord,
} from '../store/feeds';
import { findIntegration } from '../store/integrations';
import { findLiveProfile } from '../store/profiles';

export type { FeedCheck, FeedRecord };

type CreateFeedBody = z.output<typeof createFeedBodySchema>;
type UpdateFeedBody = z.output<typeof updateFeedBodySchema>;

export interface FeedsService {
  list(projectId: string): Promise<FeedRecord[]>;
  get(projectId: string, id: string): Promise<FeedRecord>;
  create(projectId: string, body: CreateFeedBody, actor: Actor): Promise<FeedRecord>;
  update(projectId: string, id: string, body: UpdateFeedBody): Promise<FeedRecord>;
  remove(projectId: string, id: string): Promise<void>;
  check(projectId: string, id: string): Promise<{ feed: FeedRecord; check: FeedCheck }>;
}

const notFound = () => new ReelayError('NOT_FOUND', { message: 'Feed não encontrado.' });

/** The reason shown on a feed paused by a person. */
const PAUSED_BY_PERSON = 'Pausado por uma pessoa do projeto.';

/** Checks that the accounts or the profile a feed names are the project's. */
async function assertTargets(
  ctx: FeedDeps,
  projectId: string,
  body: { integrationIds?: string[] | undefined; profileId?: string | undefined },
): Promise<void> {
  const problems: Array<{ field: string; message: string }> = [];
  for (const [index, id] of (body.integrationIds ?? []).entries()) {
    if (!(await findIntegration(ctx.db, projectId, id))) {
      problems.push({
        field: `integrationIds[${index}]`,
        message: 'conta não encontrada neste projeto',
      });
    }
  }
  if (body.profileId !== undefined && !(await findLiveProfile(ctx.db, projectId, body.profileId))) {
    problems.push({ field: 'profileId', message: 'perfil não encontrado neste projeto' });
  }
  if (problems.length > 0) throw validationError(problems);
}

/** The target columns a body sets: accounts or a profile, never both. */
function targetChanges(body: {
  integrationIds?: string[] | undefined;
  profileId?: string | undefined;
}): Pick<FeedChanges, 'integrationIds' | 'profileId'> {
  if (body.profileId !== undefined) return { integrationIds: [], profileId: body.profileId };
  if (body.integrationIds !== undefined) {
    return { integrationIds: [...new Set(body.integrationIds)], profileId: null };
  }
  return {};
}

/** What pausing or resuming writes; resuming checks at once. */
function pauseChanges(paused: boolean | undefined, now: number): Partial<FeedChanges> {
  if (paused === true)
    return { status: 'paused', pausedReason: PAUSED_BY_PERSON, nextCheckAt: null };
  if (paused === false) {
    return { status: 'active', pausedReason: null, consecutiveFailures: 0, nextCheckAt: now };
  }
  return {};
}

/**
 * @example
 * ```ts
 * const feeds = createFeedsService(context);
 * await feeds.create(projectId, { url, integrationIds: [accountId], mode: 'draft' }, actor);
 * ```
 */
export function createFeedsService(ctx: FeedDeps): FeedsService {
  const { db, clock } = ctx;

  async function existing(projectId: string, id: string): Promise<FeedRecord> {
    const feed = await findFeed(db, projectId, id);
    if (!feed) throw notFound();
    return feed;
  }

  return {
    list: (projectId) => listFeeds(db, projectId),

    get: existing,

    async create(projectId, body, actor) {
      if ((await countFeeds(db, projectId)) >= FEEDS_MAX) {
        throw new ReelayError('VALIDATION_ERROR', {
          message: `O projeto já segue ${FEEDS_MAX} feeds; remova algum antes.`,
          details: { field: 'url' },
        });
      }
      await assertTargets(ctx, projectId, body);
      // Read now, through the media fetcher's guard: a URL that cannot be read is refused
      // with the code a media URL gets. Its validators are not kept: the first check
      // must read the items.
      const title = await probeFeed(ctx.media, body.url);
      const now = clock.now();
      const feed: FeedRecord = {
        id: newId('feed', now),
        projectId,
        url: body.url,
        title,
        mode: body.mode,
        captionTemplate: body.captionTemplate ?? FEED_DEFAULT_TEMPLATE,
        integrationIds: [],
        profileId: null,
        ...targetChanges(body),
        status: 'active',
        pausedReason: null,
        consecutiveFailures: 0,
        etag: null,
        lastModified: null,
        lastCheckedAt: null,
        lastError: null,
        nextCheckAt: now,
        createdBy: actor,
        createdAt: now,
        updatedAt: now,
      };
      await db.transaction().execute(async (trx) => {
        await insertFeed(trx, feed);
        await scheduleFeedCheck(trx, feed.id, now, now);
      });
      ctx.wakeWorker();
      return feed;
    },

    async update(projectId, id, body) {
      const feed = await existing(projectId, id);
      await assertTargets(ctx, projectId, body);
      let title = feed.title;
      if (body.url !== undefined && body.url !== feed.url) {
        title = await probeFeed(ctx.media, body.url);
      }
      const now = clock.now();
      const changes: FeedChanges = {
        ...(body.url !== undefined && body.url !== feed.url
          ? { url: body.url, title, etag: null, lastModified: null }
          : {}),
        ...(body.captionTemplate !== undefined ? { captionTemplate: body.captionTemplate } : {}),
        ...(body.mode !== undefined ? { mode: body.mode } : {}),
        ...targetChanges(body),
        ...pauseChanges(body.paused, now),
        updatedAt: now,
      };
      await db.transaction().execute(async (trx) => {
        await updateFeed(trx, id, changes);
        if (changes.status === 'paused') await unscheduleFeedCheck(trx, id);
        if (changes.status === 'active') await scheduleFeedCheck(trx, id, now, now);
      });
      if (changes.status === 'active') ctx.wakeWorker();
      return existing(projectId, id);
    },

    async remove(projectId, id) {
      await db.transaction().execute(async (trx) => {
        if (!(await deleteFeed(trx, projectId, id))) throw notFound();
        await unscheduleFeedCheck(trx, id);
      });
    },

    async check(projectId, id) {
      return checkFeed(ctx, await existing(projectId, id));
    },
  };
}
