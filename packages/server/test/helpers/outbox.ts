/**
 * Writes an event to a server's outbox the way the publishing engine does: the event
 * `buildEvent` makes, and the dispatch request, in one transaction. For tests that need
 * many events, or precise control of time, without publishing posts.
 */
import { newId, type EventType } from '@reelay/core';
import { buildEvent } from '../../src/publishing/post-view';
import { newTarget } from '../../src/publishing/target-row';
import type { NewEvent } from '../../src/store/events';
import type { PostRecord, TargetRecord } from '../../src/store/post-records';
import type { EventsTable } from '../../src/store/schema';
import { appendEvents } from '../../src/webhooks/dispatch-events';
import type { TestServer } from '@reelay/test-support/test-server';

export interface EmitOptions {
  type?: EventType;
  /** One target per entry, in that profile. */
  profiles?: Array<string | null>;
  wasScheduled?: boolean;
  content?: string;
  /**
   * Keeps the transaction open once the events and the dispatch request are written:
   * `written` is called then, and the transaction commits when `until` settles.
   */
  hold?: { written(): void; until: Promise<void> };
}

/** Writes one event (or `count`) and returns the rows written, as stored. */
export async function emitEvents(
  server: TestServer,
  projectId: string,
  count = 1,
  options: EmitOptions = {},
): Promise<EventsTable[]> {
  const { db, config, capabilities } = server.reelay.context;
  const now = server.clock.now();
  const events: NewEvent[] = [];
  for (let i = 0; i < count; i++) {
    const post: PostRecord = {
      id: newId('post', now),
      projectId,
      kind: 'feed',
      content: options.content ?? `Evento ${i}`,
      timezone: 'UTC',
      scheduledFor: null,
      wasScheduled: options.wasScheduled ?? false,
      mediaItems: [{ type: 'image', mediaId: 'med_x', url: 'https://cdn.example.com/a.jpg' }],
      idempotencyKey: null,
      requestHash: null,
      status: 'published',
      publishedAt: now,
      problems: [],
      rejectionReason: null,
      seriesId: null,
      seriesIndex: null,
      evergreen: false,
      evergreenCaptions: [],
      recycledFrom: null,
      createdAt: now,
      updatedAt: now,
    };
    const targets: TargetRecord[] = (options.profiles ?? [null]).map((profileId) =>
      newTarget(
        {
          id: newId('target', now),
          postId: post.id,
          projectId,
          integrationId: newId('integration', now),
          profileId,
          options: {},
          status: 'published',
          scheduledFor: null,
          platformPostId: '17890000000000000',
          platformPostUrl: 'https://www.instagram.com/p/abc/',
          publishedAt: now,
        },
        now,
      ),
    );
    events.push(buildEvent(options.type ?? 'post.published', post, targets, config.publicUrl, now));
  }
  await db.transaction().execute(async (trx) => {
    await appendEvents(trx, capabilities, events, now);
    if (options.hold) {
      options.hold.written();
      await options.hold.until;
    }
  });
  const ids = events.map((event) => event.id);
  const rows = await db.selectFrom('events').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}
