/**
 * Insights (reference §9): the metrics of each published target of a post, asked of the
 * platform at most once an hour per target unless forced (like connection health), and
 * an account's daily metrics over a range of days. Both reach the account through the
 * client of its login mode.
 */
import {
  isReelayError,
  POST_INSIGHTS_MAX_AGE_MS,
  ReelayError,
  resolveInsightsRange,
  type PostKind,
} from '@reelay/core';
import type { MediaProductType } from '@reelay/core/platform';
import { facebookCredentialsMissing, platformCredentialsMissing } from '../platform';
import { canPublishWith, platformFor, readAccessToken, type AccountDeps } from './account-token';
import { findIntegration, type IntegrationRecord } from '../store/integrations';
import type { TargetRecord } from '../store/post-records';
import {
  claimInsightsRead,
  findInsightsOfTargets,
  saveInsightsRead,
  type PostInsightsRecord,
} from '../store/post-insights';
import { findTargetsOfPost } from '../store/post-targets';
import { findPost } from '../store/posts';

/** What reading insights needs: the store, time, the platform clients and stored tokens. */
export type InsightsDeps = AccountDeps;

/** Where a target's insights stand after this request. */
export interface TargetInsights {
  readonly target: TargetRecord;
  /** The stored read, or `undefined` when the target is not published or never read. */
  readonly stored: PostInsightsRecord | undefined;
  readonly checkedLive: boolean;
}

/** The product type whose metrics a post of this kind has (carousels are `FEED`). */
export function productTypeOf(kind: PostKind): MediaProductType {
  if (kind === 'reel') return 'REELS';
  if (kind === 'story') return 'STORY';
  return 'FEED';
}

function notFound(what: 'post' | 'account'): ReelayError {
  return new ReelayError('NOT_FOUND', {
    message:
      what === 'post'
        ? 'Post não encontrado neste projeto.'
        : 'Conta conectada não encontrada neste projeto.',
  });
}

/** The token and client that reach the account, or the error that says why not. */
function reach(ctx: InsightsDeps, integration: IntegrationRecord) {
  if (!canPublishWith(integration, ctx.clock.now())) {
    throw new ReelayError('TOKEN_INVALID', {
      message:
        'A conta está desconectada ou o token expirou; reconecte a conta para ler as métricas.',
      details: { accountId: integration.id },
    });
  }
  const client = platformFor(ctx, integration);
  if (!client) {
    throw integration.loginMode === 'facebook'
      ? facebookCredentialsMissing()
      : platformCredentialsMissing();
  }
  return { client, accessToken: readAccessToken(ctx, integration) };
}

/** Asks the platform for one target's metrics and stores the answer, or the failure. */
async function readTarget(
  ctx: InsightsDeps,
  kind: PostKind,
  target: TargetRecord & { platformPostId: string },
  previous: PostInsightsRecord | undefined,
  now: number,
): Promise<void> {
  const mediaId = target.platformPostId;
  try {
    const integration = await findIntegration(ctx.db, target.projectId, target.integrationId);
    if (!integration) throw new ReelayError('TOKEN_INVALID', { message: 'A conta foi removida.' });
    const { client, accessToken } = reach(ctx, integration);
    const read = await client.getMediaInsights({
      accessToken,
      mediaId,
      productType: productTypeOf(kind),
    });
    await saveInsightsRead(
      ctx.db,
      target.id,
      mediaId,
      {
        metrics: { ...read.values },
        reason: read.reason,
        fetchedAt: now,
        errorCode: null,
        errorMessage: null,
      },
      now,
    );
  } catch (error) {
    if (!isReelayError(error)) throw error;
    // The metrics read before stay (of the same media only); the failure is reported.
    const sameMedia = previous?.platformPostId === mediaId;
    await saveInsightsRead(
      ctx.db,
      target.id,
      mediaId,
      {
        ...(sameMedia ? {} : { metrics: {}, reason: null, fetchedAt: null }),
        errorCode: error.code,
        errorMessage: error.message,
      },
      now,
    );
  }
}

/**
 * The insights of every target of a post of the project, in the post's order: published
 * targets are read from the platform when their last read is an hour old (or `force`),
 * else from the store; other targets are reported without any platform call.
 *
 * @example
 * ```ts
 * const { postId, targets } = await postInsights(ctx, projectId, postId, { force: false });
 * ```
 */
export async function postInsights(
  ctx: InsightsDeps,
  projectId: string,
  postId: string,
  options: { force: boolean },
): Promise<{ postId: string; targets: TargetInsights[] }> {
  const post = await findPost(ctx.db, projectId, postId);
  if (!post) throw notFound('post');
  const targets = await findTargetsOfPost(ctx.db, post.id);
  const now = ctx.clock.now();
  const stored = await findInsightsOfTargets(
    ctx.db,
    targets.map((target) => target.id),
  );
  const staleBefore = options.force ? null : now - POST_INSIGHTS_MAX_AGE_MS;
  const results = await Promise.all(
    targets.map(async (target): Promise<TargetInsights> => {
      const mediaId = target.platformPostId;
      if (target.status !== 'published' || mediaId === null) {
        return { target, stored: undefined, checkedLive: false };
      }
      const previous = stored.get(target.id);
      const key = { targetId: target.id, projectId, integrationId: target.integrationId };
      if (await claimInsightsRead(ctx.db, { ...key, platformPostId: mediaId }, now, staleBefore)) {
        await readTarget(ctx, post.kind, { ...target, platformPostId: mediaId }, previous, now);
        const read = (await findInsightsOfTargets(ctx.db, [target.id])).get(target.id);
        return { target, stored: read, checkedLive: true };
      }
      // Read within the hour, or being read by a concurrent request right now.
      const current = (await findInsightsOfTargets(ctx.db, [target.id])).get(target.id);
      const ofThisMedia = current?.platformPostId === mediaId ? current : undefined;
      return { target, stored: ofThisMedia, checkedLive: false };
    }),
  );
  return { postId: post.id, targets: results };
}

/**
 * An account's daily metrics and totals over `since`…`until` (UTC days, defaults filled
 * in), read from the platform on each call.
 *
 * @example
 * ```ts
 * const insights = await accountInsights(ctx, projectId, accountId, { since: '2026-11-01' });
 * ```
 */
export async function accountInsights(
  ctx: InsightsDeps,
  projectId: string,
  integrationId: string,
  query: { since?: string | undefined; until?: string | undefined },
) {
  const integration = await findIntegration(ctx.db, projectId, integrationId);
  if (!integration) throw notFound('account');
  const now = ctx.clock.now();
  const range = resolveInsightsRange(query, now);
  const { client, accessToken } = reach(ctx, integration);
  const read = await client.getAccountInsights({
    accessToken,
    igUserId: integration.platformUserId,
    since: range.since,
    until: range.until,
  });
  return {
    integrationId: integration.id,
    since: range.since,
    until: range.until,
    timezone: 'UTC' as const,
    days: read.days.map((day) => ({ ...day })),
    totals: { ...read.totals },
    reason: read.reason,
    fetchedAt: new Date(now).toISOString(),
  };
}

/** The insights routes' operations, built once with what they need. */
export interface InsightsService {
  post(
    projectId: string,
    postId: string,
    options: { force: boolean },
  ): ReturnType<typeof postInsights>;
  account(
    projectId: string,
    integrationId: string,
    query: { since?: string | undefined; until?: string | undefined },
  ): ReturnType<typeof accountInsights>;
}

/**
 * @example
 * ```ts
 * const insights = createInsightsService({ db, clock, platform, facebook, cipher, logger });
 * const { targets } = await insights.post(projectId, postId, { force: false });
 * ```
 */
export function createInsightsService(deps: InsightsDeps): InsightsService {
  return {
    post: (projectId, postId, options) => postInsights(deps, projectId, postId, options),
    account: (projectId, integrationId, query) =>
      accountInsights(deps, projectId, integrationId, query),
  };
}
