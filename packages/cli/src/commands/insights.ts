/**
 * `reelay posts insights <id> [--force]` and `reelay accounts insights <account>
 * [--since] [--until]`: the metrics Instagram serves about a post, per account, and
 * about an account, per day.
 */
import type { AccountInsights, PostTargetInsights } from '@reelay/sdk';
import { resolveAccountIds } from '../account-resolver';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';
import { t, tDynamic } from '../i18n';

/** Why a metric is missing, in the user's language (the reason itself for a new one). */
const reasonText = (reason: string) => tDynamic(`insightReasons.${reason}`) ?? reason;

const postColumns = () => [
  { header: t('posts.columnAccount'), value: (entry: PostTargetInsights) => entry.integrationId },
  { header: 'views', value: (entry: PostTargetInsights) => entry.metrics.views },
  { header: t('insights.reach'), value: (entry: PostTargetInsights) => entry.metrics.reach },
  { header: t('insights.likes'), value: (entry: PostTargetInsights) => entry.metrics.likes },
  { header: t('insights.comments'), value: (entry: PostTargetInsights) => entry.metrics.comments },
  { header: t('insights.saved'), value: (entry: PostTargetInsights) => entry.metrics.saved },
  { header: t('insights.shares'), value: (entry: PostTargetInsights) => entry.metrics.shares },
  {
    header: t('insights.interactions'),
    value: (entry: PostTargetInsights) => entry.metrics.totalInteractions,
  },
  { header: t('insights.fetchedAt'), value: (entry: PostTargetInsights) => entry.fetchedAt },
  {
    header: t('insights.note'),
    value: (entry: PostTargetInsights) =>
      entry.errorCode
        ? `${entry.errorCode}: ${entry.errorMessage ?? ''}`
        : entry.reason
          ? reasonText(entry.reason)
          : null,
  },
];

/** Reel and story metrics, shown only when some account has them. */
const EXTRA_METRICS = [
  ['insights.avgWatchTime', 'avgWatchTimeMs'],
  ['insights.totalWatchTime', 'totalWatchTimeMs'],
  ['insights.navigation', 'navigation'],
  ['insights.replies', 'replies'],
] as const;

function describePostInsights(platforms: readonly PostTargetInsights[]): string {
  let text = renderTable(platforms, postColumns());
  for (const entry of platforms) {
    const extra = EXTRA_METRICS.filter(([, name]) => entry.metrics[name] !== null);
    if (extra.length === 0) continue;
    text += `\n${entry.integrationId}\n`;
    text += renderFields(extra.map(([label, name]) => [t(label), entry.metrics[name]]));
  }
  return text;
}

/**
 * `reelay posts insights <id> [--force]`: the post's metrics in each account; Instagram
 * is asked at most once an hour per account unless `--force`.
 *
 * @example
 * ```ts
 * await postInsights('post_01jd8k2m3n4p5q6r7s8t9v0wxy', { force: true }, ctx);
 * ```
 */
export async function postInsights(
  postId: string,
  options: { force?: boolean },
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.insights(postId, options.force ? { force: true } : {});
  ctx.out.result(answer, () => describePostInsights(answer.platforms));
}

function describeAccountInsights(insights: AccountInsights): string {
  const days = renderTable(insights.days, [
    { header: t('insights.day'), value: (day) => day.date },
    { header: t('insights.reach'), value: (day) => day.reach },
    { header: 'views', value: (day) => day.views },
    { header: t('insights.newFollowers'), value: (day) => day.followerCount },
  ]);
  const totals = renderFields([
    [
      t('insights.period'),
      t('insights.periodValue', { since: insights.since, until: insights.until }),
    ],
    [t('insights.periodReach'), insights.totals.reach],
    [t('insights.periodViews'), insights.totals.views],
    [t('insights.profileViews'), insights.totals.profileViews],
    [t('insights.accountsEngaged'), insights.totals.accountsEngaged],
    [t('insights.noteField'), insights.reason ? reasonText(insights.reason) : null],
  ]);
  return `${days}\n${totals}`;
}

/**
 * `reelay accounts insights <account> [--since AAAA-MM-DD] [--until AAAA-MM-DD]`: the
 * account's metrics per day (UTC), at most 30 days; by default the last 7 days.
 *
 * @example
 * ```ts
 * await accountInsights('@cafe.aurora', { since: '2026-11-01', until: '2026-11-07' }, ctx);
 * ```
 */
export async function accountInsights(
  reference: string,
  options: { since?: string; until?: string },
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const [id] = await resolveAccountIds(reelay, [reference]);
  const answer = await reelay.accounts.insights(id!, {
    ...(options.since ? { since: options.since } : {}),
    ...(options.until ? { until: options.until } : {}),
  });
  ctx.out.result(answer, () => describeAccountInsights(answer.insights));
}
