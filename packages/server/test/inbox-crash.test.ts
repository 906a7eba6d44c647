/**
 * A reply sent once, even when the server dies between Instagram's answer and its own
 * write: the emulator makes the reply and then never answers, the server process is
 * killed with SIGKILL, restarted, and the same request (same key) answers the reply
 * Instagram made, without a second one; on every database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call } from '@reelay/test-support/http-client';
import { freePort } from '@reelay/test-support/free-port';
import { preparePublisher, startFleet } from './helpers/publishing-fleet';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

describe.each(testDialects())('an inbox reply across a crash on $name', (dialect) => {
  it(
    'is on Instagram once after SIGKILL and a retry with the same key',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'reelay-inbox-crash-'));
      const database = dialect.name === 'postgres' ? await dialect.create() : null;
      const env = await startFleet(database?.url ?? join(dataDir, 'reelay.db'), { latencyMs: 0 });
      const port = await freePort();
      let server: ServerProcess = await startServerProcess(env.env(port));
      try {
        const setup = await preparePublisher(server.url, env.emulator, 1);
        const key = setup.keys[0]!;
        const created = await call(
          server.url,
          'POST',
          '/v1/posts',
          {
            content: 'Crash',
            mediaItems: [{ type: 'image', url: env.media.image(1080, 1350) }],
            platforms: [{ platform: 'instagram', accountId: setup.integrationId }],
          },
          key,
        );
        expect(created.status).toBe(202);
        const published = async () =>
          (await call(server.url, 'GET', `/v1/posts/${created.body.post.id}`, undefined, key)).body
            .post;
        await expect
          .poll(async () => (await published()).status, { timeout: 30_000 })
          .toBe('published');
        const mediaId = (await published()).platforms[0].platformPostId as string;
        const { id: platformCommentId } = env.emulator.addComment({
          mediaId,
          username: 'cliente',
          text: 'Tem entrega?',
        });
        // Read now (the server's own polling may have read it first).
        await call(server.url, 'POST', '/v1/comments/sync', {}, key);
        const listed = await call(server.url, 'GET', '/v1/comments', undefined, key);
        expect(listed.body.total, JSON.stringify(listed.body)).toBe(1);
        const commentId = listed.body.comments[0].id as string;

        // Instagram makes the reply, then its answer never arrives.
        env.emulator.addFault({ path: '/replies', method: 'POST', after: true, hang: true });
        const body = { message: 'Entregamos, sim!', idempotencyKey: 'entrega-1' };
        const first = call(
          server.url,
          'POST',
          `/v1/comments/${commentId}/replies`,
          body,
          key,
        ).catch(() => null);
        const repliesOnPlatform = () =>
          env.emulator.comments(mediaId).find((comment) => comment.id === platformCommentId)
            ?.replies ?? [];
        await expect.poll(() => repliesOnPlatform().length, { timeout: 10_000 }).toBe(1);
        await server.kill('SIGKILL');
        await first;
        server = await startServerProcess(env.env(port));

        const retried = await call(
          server.url,
          'POST',
          `/v1/comments/${commentId}/replies`,
          body,
          key,
        );
        expect(retried.status, JSON.stringify(retried.body)).toBe(200);
        const again = await call(
          server.url,
          'POST',
          `/v1/comments/${commentId}/replies`,
          body,
          key,
        );
        expect(again.status).toBe(200);
        expect(again.body.comment.id).toBe(retried.body.comment.id);
        expect(retried.body.comment).toMatchObject({ text: 'Entregamos, sim!', fromSelf: true });
        expect(repliesOnPlatform().map((reply) => reply.text)).toEqual(['Entregamos, sim!']);
        const thread = (await call(server.url, 'GET', `/v1/comments/${commentId}`, undefined, key))
          .body.comment;
        expect(thread.status).toBe('replied');
        expect(thread.replies).toHaveLength(1);
      } finally {
        await server.kill('SIGKILL');
        await env.close();
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
