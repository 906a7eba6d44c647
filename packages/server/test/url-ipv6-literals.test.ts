/**
 * URLs whose host is an IPv6 literal (`https://[::1]/a.jpg`) are well-formed: the address
 * policy, not the schema, decides whether they may be reached, exactly as for IPv4.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@reelay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

/** An image on the IPv6 loopback, or `null` when the machine has no IPv6 loopback. */
async function serveOnIpv6Loopback(body: Buffer): Promise<{ port: number; server: Server } | null> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body),
  );
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => resolve(true));
  });
  return listening ? { port: (server.address() as AddressInfo).port, server } : null;
}

describe.each(testDialects())('IPv6 literal URLs on $name', (dialect) => {
  describe('in production settings', () => {
    let server: TestServer;
    let account: Account;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      account = await createAccount(server.url);
    });
    afterAll(() => server.close());

    it('answers MEDIA_UNREACHABLE, like 127.0.0.1, for loopback and private IPv6 literals', async () => {
      for (const url of [
        'https://[::1]/a.jpg',
        'https://[0:0:0:0:0:0:0:1]/a.jpg',
        'https://[::ffff:127.0.0.1]/a.jpg',
        'https://[::ffff:169.254.169.254]/latest/meta-data/',
        'https://[fd00::1]/a.jpg',
        'https://[fe80::1]/a.jpg',
      ]) {
        const answer = await call(server.url, 'POST', '/v1/media', { url }, account.key);
        expect(answer.status, url).toBe(400);
        expect(answer.body, url).toMatchObject({
          statusCode: 400,
          code: 'MEDIA_UNREACHABLE',
          details: { field: 'url' },
        });
      }
    });

    it('does not refuse a public IPv6 literal as a malformed URL', async () => {
      // An unknown post answers 404 once the body is valid, before any media is fetched:
      // nothing leaves the machine.
      const answer = await call(
        server.url,
        'PATCH',
        `/v1/posts/${newId('post')}`,
        { mediaItems: [{ type: 'image', url: 'https://[2606:4700:4700::1111]/a.jpg' }] },
        account.key,
      );
      expect(answer.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    });

    it('checks webhook URLs with IPv6 literals against the address policy too', async () => {
      const subscribe = (url: string) =>
        call(
          server.url,
          'POST',
          '/v1/notifications',
          { eventTypes: ['post.failed'], webhook: { url } },
          account.key,
        );
      const loopback = await subscribe('https://[::1]/webhooks');
      expect(loopback.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'webhook.url' },
      });
      expect(loopback.body.message).toContain('loopback');
      // A public literal is saved; nothing is sent until an event happens.
      const public_ = await subscribe('https://[2606:4700:4700::1111]/webhooks');
      expect(public_.status).toBe(201);
      expect(public_.body.notification.webhook.url).toBe('https://[2606:4700:4700::1111]/webhooks');
    });
  });

  describe('in development settings', () => {
    let server: TestServer;
    let account: Account;

    beforeAll(async () => {
      server = await startTestServer(dialect, { env: { REELAY_ALLOW_PRIVATE_URLS: 'true' } });
      account = await createAccount(server.url);
    });
    afterAll(() => server.close());

    it('imports media from an IPv6 loopback literal when private URLs are allowed', async (context) => {
      const sharp = (await import('sharp')).default;
      const jpeg = await sharp({
        create: { width: 1080, height: 1080, channels: 3, background: { r: 9, g: 99, b: 199 } },
      })
        .jpeg()
        .toBuffer();
      const origin = await serveOnIpv6Loopback(jpeg);
      if (!origin) return context.skip('no IPv6 loopback on this machine');
      try {
        const answer = await call(
          server.url,
          'POST',
          '/v1/media',
          { url: `http://[::1]:${origin.port}/photo.jpg` },
          account.key,
        );
        expect(answer.status).toBe(201);
        expect(answer.body.media).toMatchObject({ type: 'image', width: 1080, height: 1080 });
      } finally {
        origin.server.closeAllConnections();
        await new Promise<void>((resolve) => origin.server.close(() => resolve()));
      }
    });
  });
});
