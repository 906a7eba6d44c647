/**
 * `reelay feeds add|list|show|check|pause|resume|remove`: RSS, Atom and JSON Feed whose
 * new items become drafts or queued posts (`/v1/feeds`).
 */
import type { Feed, FeedCheck } from '@reelay/sdk';
import { resolveAccountIds } from '../account-resolver';
import { usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { t } from '../i18n';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';

/** Where a feed's posts go: its accounts, or its profile. */
function targetsOf(feed: Feed): string {
  return feed.profileId
    ? t('feeds.profile', { id: feed.profileId })
    : feed.integrationIds.join(', ');
}

function statusOf(feed: Feed): string {
  return feed.status === 'active' ? t('feeds.active') : t('feeds.paused');
}

function describeFeed(feed: Feed): string {
  return renderFields([
    ['Id', feed.id],
    ['URL', feed.url],
    [t('feeds.columnTitle'), feed.title],
    [t('feeds.columnMode'), feed.mode],
    [t('feeds.columnTargets'), targetsOf(feed)],
    [t('feeds.columnTemplate'), JSON.stringify(feed.captionTemplate)],
    [t('feeds.columnStatus'), statusOf(feed)],
    [t('feeds.columnReason'), feed.pausedReason],
    [t('feeds.columnFailures'), String(feed.consecutiveFailures)],
    [t('feeds.columnLastChecked'), feed.lastCheckedAt],
    [t('feeds.columnLastError'), feed.lastError?.message ?? null],
    [t('feeds.columnNextCheck'), feed.nextCheckAt],
  ]);
}

function describeCheck(check: FeedCheck): string {
  if (check.outcome === 'failed')
    return `${t('feeds.checkFailed', { reason: check.error!.message })}\n`;
  if (check.outcome === 'not_modified') return `${t('feeds.notModified')}\n`;
  const lines = [
    t('feeds.checked', { seen: String(check.itemsSeen), fresh: String(check.newItems) }),
    check.postIds.length > 0
      ? t('feeds.created', { ids: check.postIds.join(', ') })
      : t('feeds.nothingCreated'),
    ...check.skipped.map((skipped) =>
      t('feeds.skipped', { item: skipped.item, reason: skipped.message }),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * @example
 * ```ts
 * await listFeeds(ctx);
 * ```
 */
export async function listFeeds(ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.feeds.list();
  ctx.out.result(answer, () =>
    answer.feeds.length === 0
      ? `${t('feeds.none')}\n`
      : renderTable(answer.feeds, [
          { header: 'id', value: (feed: Feed) => feed.id },
          { header: t('feeds.columnStatus'), value: statusOf },
          { header: t('feeds.columnMode'), value: (feed: Feed) => feed.mode },
          { header: 'URL', value: (feed: Feed) => feed.url, max: 50 },
          {
            header: t('feeds.columnLastError'),
            value: (feed: Feed) => feed.lastError?.message ?? '',
            max: 40,
          },
        ]),
  );
}

/**
 * @example
 * ```ts
 * await addFeed('https://blog.example.com/feed.xml', { account: ['int_…'], mode: 'draft' }, ctx);
 * ```
 */
export async function addFeed(
  url: string,
  options: { account?: string[]; profile?: string; mode?: string; template?: string },
  ctx: CommandContext,
): Promise<void> {
  const accounts = options.account ?? [];
  if ((accounts.length === 0) === (options.profile === undefined)) {
    throw usageError(t('feeds.targetsNeeded'), t('feeds.targetsNeededHint'));
  }
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.feeds.create({
    url,
    ...(options.profile !== undefined
      ? { profileId: options.profile }
      : { integrationIds: await resolveAccountIds(reelay, accounts) }),
    mode: (options.mode ?? 'draft') as Feed['mode'],
    ...(options.template !== undefined ? { captionTemplate: options.template } : {}),
  });
  ctx.out.result(
    answer,
    () => `${t('feeds.added', { id: answer.feed.id })}\n\n${describeFeed(answer.feed)}`,
  );
}

/**
 * @example
 * ```ts
 * await showFeed('fed_…', ctx);
 * ```
 */
export async function showFeed(id: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.feeds.get(id);
  ctx.out.result(answer, () => describeFeed(answer.feed));
}

/**
 * @example
 * ```ts
 * await checkFeed('fed_…', ctx);
 * ```
 */
export async function checkFeed(id: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.feeds.check(id);
  ctx.out.result(answer, () => describeCheck(answer.check));
}

/**
 * @example
 * ```ts
 * await pauseFeed('fed_…', true, ctx); // false resumes it
 * ```
 */
export async function pauseFeed(id: string, paused: boolean, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.feeds.update(id, { paused });
  ctx.out.result(answer, () => `${t(paused ? 'feeds.pausedDone' : 'feeds.resumed', { id })}\n`);
}

/**
 * @example
 * ```ts
 * await removeFeed('fed_…', ctx);
 * ```
 */
export async function removeFeed(id: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  await reelay.feeds.delete(id);
  ctx.out.result({ deleted: id }, () => `${t('feeds.removed', { id })}\n`);
}
