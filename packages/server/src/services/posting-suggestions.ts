/**
 * "Best time to post" for one account (docs/posting-slots.md): its audience's online
 * hours when Instagram answers them, else how its own recent posts did by weekday and
 * hour, else common hours; worked out by core's `suggestPostingTimes` in the zone of the
 * account's posting schedule (or the one asked for).
 */
import {
  ReelayError,
  suggestPostingTimes,
  type PostingSuggestions,
  type PostResult,
} from '@reelay/core';
import { findIntegration } from '../store/integrations';
import { findInsightsOfTargets } from '../store/post-insights';
import { publishedTargetsOfAccount } from '../store/post-targets';
import { findSchedule } from '../store/posting-schedules';
import { canPublishWith, platformFor, readAccessToken, type AccountDeps } from './account-token';
import { productTypeOf } from './insights';

const DAY_MS = 86_400_000;
/** Posts looked at: the last 90 days, at most this many. */
const POSTS_LOOKED_AT = 60;
/** Posts whose metrics are read from Instagram now when none are stored. */
const LIVE_READS_MAX = 20;

/** Suggestions, and the zone their times are in. */
export interface AccountSuggestions extends PostingSuggestions {
  timezone: string;
}

/**
 * @example
 * ```ts
 * const { source, suggestions } = await suggestForAccount(deps, projectId, accountId);
 * ```
 */
export async function suggestForAccount(
  deps: AccountDeps,
  projectId: string,
  accountId: string,
  timezone?: string,
): Promise<AccountSuggestions> {
  const account = await findIntegration(deps.db, projectId, accountId);
  if (!account) {
    throw new ReelayError('NOT_FOUND', {
      message: 'Conta conectada não encontrada neste projeto.',
    });
  }
  const schedule =
    (await findSchedule(deps.db, projectId, 'integration', account.id)) ??
    (account.profileId
      ? await findSchedule(deps.db, projectId, 'profile', account.profileId)
      : undefined);
  const zone = timezone ?? schedule?.timezone ?? 'UTC';
  const now = deps.clock.now();
  const client = platformFor(deps, account);
  const reachable = client !== null && canPublishWith(account, now);
  const accessToken = reachable ? readAccessToken(deps, account) : null;

  let audience: Awaited<ReturnType<NonNullable<typeof client>['getOnlineFollowers']>> = [];
  if (client && accessToken) {
    // The last 30 days but the two Instagram may not have filled yet (reference §10.7).
    const until = Math.floor((now - 2 * DAY_MS) / 1000);
    try {
      audience = await client.getOnlineFollowers({
        accessToken,
        igUserId: account.platformUserId,
        since: until - 28 * 86_400,
        until,
      });
    } catch (error) {
      deps.logger.info('seguidores online não puderam ser lidos; usam-se os posts', {
        integrationId: account.id,
        error,
      });
    }
  }

  const published = await publishedTargetsOfAccount(
    deps.db,
    account.id,
    now - 90 * DAY_MS,
    POSTS_LOOKED_AT,
  );
  const stored = await findInsightsOfTargets(
    deps.db,
    published.map(({ target }) => target.id),
  );
  const posts: PostResult[] = [];
  let liveReads = 0;
  for (const { target, kind } of published) {
    let metrics: Readonly<Record<string, number | null>> | undefined = stored.get(
      target.id,
    )?.metrics;
    if (
      (!metrics || Object.keys(metrics).length === 0) &&
      client &&
      accessToken &&
      liveReads < LIVE_READS_MAX
    ) {
      liveReads += 1;
      try {
        metrics = (
          await client.getMediaInsights({
            accessToken,
            mediaId: target.platformPostId!,
            productType: productTypeOf(kind),
          })
        ).values;
      } catch {
        metrics = undefined;
      }
    }
    if (!metrics || target.publishedAt === null) continue;
    posts.push({
      publishedAt: target.publishedAt,
      reach: metrics.reach ?? 0,
      interactions: metrics.total_interactions ?? 0,
    });
  }
  return { timezone: zone, ...suggestPostingTimes({ timezone: zone, audience, posts }) };
}
