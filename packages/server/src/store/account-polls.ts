/**
 * Comment polling by account: which accounts are due, what they published within the
 * window, and when each is read next. An account is watched from its first publication
 * found by time (`post_targets.published_at` is indexed), so a run reads only the latest
 * publications, never every post in the window.
 */
import { sql } from 'kysely';
import type { Db } from './schema';

/** Rows per upsert: under SQLite's bound-parameter limit. */
const CHUNK = 200;

/** An account whose media counts are due to be read. */
export interface DueAccount {
  integrationId: string;
  /** Null when the account is gone: its row is then removed. */
  projectId: string | null;
  newestMediaAt: number;
  quietPolls: number;
  webhookAt: number | null;
}

/** A publication of the account within the window, and what its last full read saw. */
export interface KnownMedia {
  platformMediaId: string;
  publishedAt: number;
  /** `comments_count` at the last full read; null: never read in full. */
  countAtRead: number | null;
  /** When it is read in full even if its count stands still; null: never read. */
  fullReadDueAt: number | null;
}

const num = (value: unknown): number => Number(value);
const orNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Recent: the last hours' publications are few, read by the time index and grouped here. */
const RECENT_MS = 6 * 60 * 60_000;

/** Each account's newest publication since `since`. */
async function newestPublications(
  db: Db,
  since: number,
  now: number,
): Promise<Array<{ integration_id: string; newest: number }>> {
  const recent = db
    .selectFrom('post_targets')
    .where('published_at', '>=', since)
    .where('status', '=', 'published')
    .where('platform_post_id', 'is not', null);
  if (since < now - RECENT_MS) {
    // The whole window (a process's first search): grouped by the database.
    const rows = await recent
      .select(['integration_id', (eb) => eb.fn.max('published_at').as('newest')])
      .groupBy('integration_id')
      .execute();
    return rows.map((row) => ({ integration_id: row.integration_id, newest: num(row.newest) }));
  }
  // Grouped in the database, SQLite would walk the accounts' index instead of the time's.
  const newest = new Map<string, number>();
  for (const row of await recent.select(['integration_id', 'published_at']).execute()) {
    const at = num(row.published_at);
    if (at > (newest.get(row.integration_id) ?? -Infinity)) newest.set(row.integration_id, at);
  }
  return [...newest].map(([integration_id, at]) => ({ integration_id, newest: at }));
}

/**
 * Makes every account that published since `since` watched, and due at `dueAt(id)` when
 * its newest publication is newer than the one polling knew; accounts already read after
 * their newest publication keep their schedule. Answers how many accounts were found.
 *
 * @example
 * ```ts
 * await watchPublishingAccounts(db, { since: now - 3_600_000, now, dueAt: () => now });
 * ```
 */
export async function watchPublishingAccounts(
  db: Db,
  options: {
    since: number;
    now: number;
    dueAt: (integrationId: string, newestMediaAt: number) => number;
  },
): Promise<number> {
  const rows = await newestPublications(db, options.since, options.now);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const values = rows.slice(start, start + CHUNK).map((row) => ({
      integration_id: row.integration_id,
      newest_media_at: row.newest,
      next_poll_at: options.dueAt(row.integration_id, row.newest),
      quiet_polls: 0,
      updated_at: options.now,
    }));
    await db
      .insertInto('inbox_accounts')
      .values(values)
      .onConflict((conflict) =>
        conflict
          .column('integration_id')
          .doUpdateSet({
            newest_media_at: sql`excluded.newest_media_at`,
            // An account already due sooner keeps its turn.
            next_poll_at: sql`case when inbox_accounts.next_poll_at is not null
              and inbox_accounts.next_poll_at < excluded.next_poll_at
              then inbox_accounts.next_poll_at else excluded.next_poll_at end`,
            quiet_polls: 0,
            updated_at: options.now,
          })
          .where(
            sql<boolean>`excluded.newest_media_at > coalesce(inbox_accounts.newest_media_at, 0)`,
          ),
      )
      .execute();
  }
  return rows.length;
}

/**
 * Accounts whose read is due, longest overdue first; paused ones are left out.
 *
 * @example
 * ```ts
 * const due = await dueAccounts(db, { now, limit: 100 });
 * ```
 */
export async function dueAccounts(
  db: Db,
  options: { now: number; limit: number; integrationId?: string | undefined },
): Promise<DueAccount[]> {
  let query = db
    .selectFrom('inbox_accounts as inbox')
    .leftJoin('integrations as account', 'account.id', 'inbox.integration_id')
    .select([
      'inbox.integration_id',
      'account.project_id',
      'inbox.newest_media_at',
      'inbox.quiet_polls',
      'inbox.webhook_at',
    ])
    .where('inbox.next_poll_at', '<=', options.now)
    .where((where) =>
      where.or([
        where('inbox.paused_until', 'is', null),
        where('inbox.paused_until', '<=', options.now),
      ]),
    );
  if (options.integrationId)
    query = query.where('inbox.integration_id', '=', options.integrationId);
  const rows = await query.orderBy('inbox.next_poll_at').limit(options.limit).execute();
  return rows.map((row) => ({
    integrationId: row.integration_id,
    projectId: row.project_id ?? null,
    newestMediaAt: num(row.newest_media_at ?? 0),
    quietPolls: num(row.quiet_polls),
    webhookAt: orNull(row.webhook_at),
  }));
}

/**
 * The account's publications within the window, each with its last full read.
 *
 * @example
 * ```ts
 * const media = await knownMediaOfAccount(db, integrationId, now - 30 * 86_400_000);
 * ```
 */
export async function knownMediaOfAccount(
  db: Db,
  integrationId: string,
  publishedSince: number,
): Promise<KnownMedia[]> {
  const rows = await db
    .selectFrom('post_targets as target')
    .leftJoin('comment_polls as poll', (join) =>
      join
        .onRef('poll.integration_id', '=', 'target.integration_id')
        .onRef('poll.platform_media_id', '=', 'target.platform_post_id'),
    )
    .select([
      'target.platform_post_id',
      'target.published_at',
      'poll.comments_count',
      'poll.next_poll_at',
    ])
    .where('target.integration_id', '=', integrationId)
    .where('target.status', '=', 'published')
    .where('target.platform_post_id', 'is not', null)
    .where('target.published_at', '>=', publishedSince)
    .orderBy('target.published_at', 'desc')
    .execute();
  return rows.map((row) => ({
    platformMediaId: row.platform_post_id!,
    publishedAt: num(row.published_at),
    countAtRead: orNull(row.comments_count),
    fullReadDueAt: orNull(row.next_poll_at),
  }));
}

/**
 * Records an account's read: when it is due next (null: nothing left to watch), how many
 * reads in a row were quiet, its call budget and until when it is paused.
 *
 * @example
 * ```ts
 * await scheduleAccountPoll(db, integrationId, { nextPollAt, quietPolls: 0, usagePercent: 3, pausedUntil: null }, now);
 * ```
 */
export async function scheduleAccountPoll(
  db: Db,
  integrationId: string,
  read: {
    nextPollAt: number | null;
    quietPolls: number;
    usagePercent: number;
    pausedUntil: number | null;
  },
  now: number,
): Promise<void> {
  await db
    .updateTable('inbox_accounts')
    .set({
      next_poll_at: read.nextPollAt,
      last_polled_at: now,
      quiet_polls: read.quietPolls,
      usage_percent: read.usagePercent,
      paused_until: read.pausedUntil,
      updated_at: now,
    })
    .where('integration_id', '=', integrationId)
    .execute();
}

/** Forgets the polling row of an account that no longer exists. */
export async function forgetAccountPoll(db: Db, integrationId: string): Promise<void> {
  await db.deleteFrom('inbox_accounts').where('integration_id', '=', integrationId).execute();
}

/** How often a webhook's arrival is written down per account: once per ten minutes. */
const WEBHOOK_NOTE_MS = 10 * 60_000;

/**
 * Notes that a Meta webhook arrived for the account (at most once per ten minutes):
 * polling then only catches up on it.
 *
 * @example
 * ```ts
 * await noteWebhookHeard(db, integrationId, now);
 * ```
 */
export async function noteWebhookHeard(db: Db, integrationId: string, now: number): Promise<void> {
  await db
    .insertInto('inbox_accounts')
    .values({ integration_id: integrationId, webhook_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('integration_id')
        .doUpdateSet({ webhook_at: now })
        .where(sql<boolean>`coalesce(inbox_accounts.webhook_at, 0) < ${now - WEBHOOK_NOTE_MS}`),
    )
    .execute();
}
