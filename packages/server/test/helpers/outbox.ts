/**
 * Writes an event to a server's outbox the way the publishing engine does: the row
 * `buildEvent` makes, and the dispatch request, in one transaction. For tests that need
 * many events, or precise control of time, without publishing posts.
 */
import { newId, type EventType } from '@reelay/core';
import { buildEvent } from '../../src/publishing/post-view';
import { newTargetRow } from '../../src/publishing/target-row';
import type { EventsTable, PostsTable, PostTargetsTable } from '../../src/store/schema';
import { appendEvents } from '../../src/webhooks/dispatch-events';
import type { TestServer } from './test-server';

export interface EmitOptions {
  type?: EventType;
  /** One target per entry, in that profile. */
  profiles?: Array<string | null>;
  wasScheduled?: boolean;
  content?: string;
}

/** Writes one event (or `count`) and returns the rows written. */
export async function emitEvents(
  server: TestServer,
  projectId: string,
  count = 1,
  options: EmitOptions = {},
): Promise<EventsTable[]> {
  const { db, config } = server.reelay.context;
  const now = server.clock.now();
  const events: EventsTable[] = [];
  for (let i = 0; i < count; i++) {
    const post: PostsTable = {
      id: newId('post', now),
      project_id: projectId,
      kind: 'feed',
      content: options.content ?? `Evento ${i}`,
      timezone: 'UTC',
      scheduled_for: null,
      was_scheduled: options.wasScheduled ? 1 : 0,
      media_items: JSON.stringify([
        { type: 'image', mediaId: 'med_x', url: 'https://cdn.example.com/a.jpg' },
      ]),
      idempotency_key: null,
      request_hash: null,
      status: 'published',
      published_at: now,
      created_at: now,
      updated_at: now,
    };
    const targets: PostTargetsTable[] = (options.profiles ?? [null]).map((profileId) =>
      newTargetRow(
        {
          id: newId('target', now),
          post_id: post.id,
          project_id: projectId,
          integration_id: newId('integration', now),
          profile_id: profileId,
          options: '{}',
          status: 'published',
          scheduled_for: null,
          platform_post_id: '17890000000000000',
          platform_post_url: 'https://www.instagram.com/p/abc/',
          published_at: now,
        },
        now,
      ),
    );
    events.push(buildEvent(options.type ?? 'post.published', post, targets, config.publicUrl, now));
  }
  await db.transaction().execute((trx) => appendEvents(trx, events, now));
  return events;
}
