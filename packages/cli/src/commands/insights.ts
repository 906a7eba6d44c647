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

const REASONS: Record<string, string> = {
  not_published: 'não publicado nesta conta',
  not_enough_viewers: 'poucas pessoas viram a mídia para o Instagram informar',
  not_available: 'métricas ainda não disponíveis',
};

const POST_COLUMNS = [
  { header: 'conta', value: (entry: PostTargetInsights) => entry.integrationId },
  { header: 'views', value: (entry: PostTargetInsights) => entry.metrics.views },
  { header: 'alcance', value: (entry: PostTargetInsights) => entry.metrics.reach },
  { header: 'curtidas', value: (entry: PostTargetInsights) => entry.metrics.likes },
  { header: 'coment.', value: (entry: PostTargetInsights) => entry.metrics.comments },
  { header: 'salvos', value: (entry: PostTargetInsights) => entry.metrics.saved },
  { header: 'compart.', value: (entry: PostTargetInsights) => entry.metrics.shares },
  { header: 'interações', value: (entry: PostTargetInsights) => entry.metrics.totalInteractions },
  { header: 'lido em', value: (entry: PostTargetInsights) => entry.fetchedAt },
  {
    header: 'observação',
    value: (entry: PostTargetInsights) =>
      entry.errorCode
        ? `${entry.errorCode}: ${entry.errorMessage ?? ''}`
        : entry.reason
          ? REASONS[entry.reason]
          : null,
  },
];

/** Reel and story metrics, shown only when some account has them. */
const EXTRA_METRICS = [
  ['Tempo médio assistido (ms)', 'avgWatchTimeMs'],
  ['Tempo total assistido (ms)', 'totalWatchTimeMs'],
  ['Navegação (stories)', 'navigation'],
  ['Respostas (stories)', 'replies'],
] as const;

function describePostInsights(platforms: readonly PostTargetInsights[]): string {
  let text = renderTable(platforms, POST_COLUMNS);
  for (const entry of platforms) {
    const extra = EXTRA_METRICS.filter(([, name]) => entry.metrics[name] !== null);
    if (extra.length === 0) continue;
    text += `\n${entry.integrationId}\n`;
    text += renderFields(extra.map(([label, name]) => [label, entry.metrics[name]]));
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
    { header: 'dia', value: (day) => day.date },
    { header: 'alcance', value: (day) => day.reach },
    { header: 'views', value: (day) => day.views },
    { header: 'seguidores novos', value: (day) => day.followerCount },
  ]);
  const totals = renderFields([
    ['Período (UTC)', `${insights.since} a ${insights.until}`],
    ['Alcance no período', insights.totals.reach],
    ['Visualizações no período', insights.totals.views],
    ['Visitas ao perfil', insights.totals.profileViews],
    ['Contas que interagiram', insights.totals.accountsEngaged],
    ['Observação', insights.reason ? REASONS[insights.reason] : null],
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
