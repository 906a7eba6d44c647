/**
 * The events outbox (DESIGN.md "Webhooks"): events written in the transaction of the state
 * change that caused them, then fanned out to subscriptions by the dispatcher.
 */
import type { EventType } from '@reelay/core';
import { sql } from 'kysely';
import type { StoreCapabilities } from './database';
import { preparedWrite } from './prepared-queries';
import type { Db, EventsTable } from './schema';

/** Rows per insert: well under SQLite's limit on bound parameters. */
const EVENTS_PER_INSERT = 200;

/** An event to write to the outbox, with the webhook payload it will send. */
export interface NewEvent {
  id: string;
  projectId: string;
  /** The profile shared by every target, or `null` when they differ. */
  profileId: string | null;
  postId: string;
  type: EventType;
  wasScheduled: boolean;
  /** The webhook payload of spec §6; stored as its JSON, which is sent byte for byte. */
  payload: object;
  createdAt: number;
}

/** An event waiting to be dispatched. */
export interface PendingEvent {
  id: string;
  projectId: string;
  /** The profile shared by every target, or `null` when they differ. */
  profileId: string | null;
  type: EventType;
  wasScheduled: boolean;
  /** The webhook payload as stored and sent, byte for byte. */
  body: string;
  createdAt: number;
  /** The profiles of the event's targets, read from its body on first use. */
  targetProfiles(): ReadonlySet<string | null>;
  /** The accounts of the event (its targets', or the commented one), read on first use. */
  accounts(): ReadonlySet<string>;
}

/**
 * The profiles of an event's targets (`data.platforms[].profileId`), read from its body.
 *
 * @example
 * ```ts
 * profilesInBody('{"data":{"platforms":[{"profileId":"prf_a"}]}}'); // Set { 'prf_a' }
 * ```
 */
export function profilesInBody(body: string): Set<string | null> {
  const payload = JSON.parse(body) as {
    data?: { platforms?: Array<{ profileId?: string | null }> };
  };
  return new Set((payload.data?.platforms ?? []).map((target) => target.profileId ?? null));
}

/**
 * The accounts an event is about, read from its body: its targets' (`data.platforms`) or
 * the commented account (`data.comment`).
 *
 * @example
 * ```ts
 * accountsInBody('{"data":{"comment":{"integrationId":"int_a"}}}'); // Set { 'int_a' }
 * ```
 */
export function accountsInBody(body: string): Set<string> {
  const payload = JSON.parse(body) as {
    data?: {
      platforms?: Array<{ integrationId?: string }>;
      comment?: { integrationId?: string };
    };
  };
  const ids = (payload.data?.platforms ?? []).map((target) => target.integrationId);
  ids.push(payload.data?.comment?.integrationId);
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}

/** An event's row in the outbox, undispatched. */
export function eventRow(event: NewEvent): EventsTable {
  return {
    id: event.id,
    project_id: event.projectId,
    profile_id: event.profileId,
    post_id: event.postId,
    type: event.type,
    was_scheduled: Number(event.wasScheduled),
    payload: JSON.stringify(event.payload),
    created_at: event.createdAt,
    dispatched_at: null,
  };
}

/**
 * Writes events to the outbox, undispatched.
 *
 * @example
 * ```ts
 * await insertEvents(trx, [buildEvent('post.published', post, targets, publicUrl, now)]);
 * ```
 */
export async function insertEvents(db: Db, events: readonly NewEvent[]): Promise<void> {
  // A post's outcome writes one event: that statement is compiled once.
  if (events.length === 1) {
    await preparedWrite(db, 'insert-event', eventRow(events[0]!), (v) =>
      db.insertInto('events').values(v),
    );
    return;
  }
  for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
    await db
      .insertInto('events')
      .values(events.slice(start, start + EVENTS_PER_INSERT).map(eventRow))
      .execute();
  }
}

/**
 * Up to `limit` undispatched events, oldest first. Where rows can be skipped, those
 * another instance is dispatching right now are passed over, not waited for.
 */
export async function takeUndispatchedEvents(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'skipLocked'>,
  limit: number,
): Promise<PendingEvent[]> {
  let pending = db
    .selectFrom('events')
    .select(['id', 'project_id', 'profile_id', 'type', 'was_scheduled', 'payload', 'created_at'])
    .where('dispatched_at', 'is', null)
    // The index (dispatched_at, created_at) gives this order as it is; breaking ties by
    // id too would sort every event of a busy millisecond on each batch.
    .orderBy('created_at')
    .limit(limit);
  if (capabilities.skipLocked) pending = pending.forUpdate().skipLocked();
  const rows = await pending.execute();
  return rows.map((row) => {
    let profiles: Set<string | null> | undefined;
    let accounts: Set<string> | undefined;
    return {
      id: row.id,
      projectId: row.project_id,
      profileId: row.profile_id,
      type: row.type,
      wasScheduled: row.was_scheduled === 1,
      body: row.payload,
      createdAt: row.created_at,
      targetProfiles: () => (profiles ??= profilesInBody(row.payload)),
      accounts: () => (accounts ??= accountsInBody(row.payload)),
    };
  });
}

export async function markEventsDispatched(
  db: Db,
  ids: readonly string[],
  now: number,
): Promise<void> {
  await db.updateTable('events').set({ dispatched_at: now }).where('id', 'in', ids).execute();
}

/** The advisory lock key of the outbox (PostgreSQL); any fixed number of this server's. */
export const OUTBOX_LOCK_KEY = 7_346_201;

/**
 * Within a transaction: `shared` by each transaction that writes events and asks for their
 * dispatch, which do not wait on each other; `alone` by a dispatcher that is about to end,
 * which so waits until every such transaction has committed and makes new ones wait until
 * it has ended. On SQLite, where write transactions run one at a time, nothing to take.
 *
 * @example
 * ```ts
 * await lockOutbox(trx, capabilities, 'shared');
 * ```
 */
export async function lockOutbox(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  mode: 'shared' | 'alone',
): Promise<void> {
  if (!capabilities.rowLocks) return;
  const lock =
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(${OUTBOX_LOCK_KEY})`
      : sql`select pg_advisory_xact_lock(${OUTBOX_LOCK_KEY})`;
  await preparedWrite(db, `lock-outbox:${mode}`, {}, () => ({ compile: () => lock.compile(db) }));
}

/** Whether any event waits undispatched. */
export async function hasUndispatchedEvents(db: Db): Promise<boolean> {
  const waiting = await db
    .selectFrom('events')
    .select('id')
    .where('dispatched_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return waiting !== undefined;
}

/** The events waiting undispatched, and the time of the oldest (`/metrics`). */
export async function undispatchedBacklog(
  db: Db,
): Promise<{ count: number; oldestAt: number | null }> {
  const row = await db
    .selectFrom('events')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('dispatched_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    oldestAt: row.oldest === null || row.oldest === undefined ? null : Number(row.oldest),
  };
}
