/**
 * `reelay webhooks verify` and `reelay webhooks listen`, as subprocesses, with deliveries
 * signed by the SDK's own `signWebhook` and `createTestWebhook` (the code the server
 * signs with): genuine ones pass, forged, tampered, stale and duplicate ones are told.
 */
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestWebhook } from '@reelay/sdk';
import { BIN, cliFor, freshConfigDir } from '@reelay/test-support/cli';

const secret = 'whsec_Zm9yIHRlc3RzIG9ubHkgMDEyMzQ1Njc4OWFiY2RlZg';
const scratch = mkdtempSync(join(tmpdir(), 'reelay-cli-webhooks-'));
const reelay = cliFor(freshConfigDir());
const secretFile = join(scratch, 'segredo');
writeFileSync(secretFile, `${secret}\n`);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(reelay.configDir, { recursive: true, force: true });
});

/** What a test needs of a signed delivery, whatever its event type. */
interface Delivery {
  body: string;
  headers: Record<string, string>;
  event: { id: string };
}

// The two generations of secret: standard base64, as the server issues them now, and
// base64url, as it issued them before.
const current = `whsec_${randomBytes(32).toString('base64')}`;
const older = `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * A delivery that carries only the Standard Webhooks headers, its `webhook-signature`
 * computed here with node:crypto, keyed as the Standard Webhooks libraries key the secret
 * (its decoded base64), or by the secret's text (`textKey`), as older secrets sign.
 */
async function standardOnly(key: string, textKey = false): Promise<Delivery> {
  const { body, event } = await createTestWebhook({ secret: key, type: 'post.published' });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const hmacKey = textKey ? key : Buffer.from(key.slice('whsec_'.length), 'base64');
  const mac = createHmac('sha256', hmacKey).update(`${event.id}.${timestamp}.${body}`);
  return {
    body,
    event,
    headers: {
      'webhook-id': event.id,
      'webhook-timestamp': timestamp,
      'webhook-signature': `v1,${mac.digest('base64')}`,
    },
  };
}

let saved = 0;
/** Saves a delivery as a receiver would: the raw body, and the headers as curl -D writes them. */
function save(delivery: Delivery, body = delivery.body): { payload: string; headers: string } {
  const payload = join(scratch, `body-${++saved}.json`);
  const headers = join(scratch, `headers-${saved}.txt`);
  writeFileSync(payload, body);
  writeFileSync(
    headers,
    `HTTP/1.1 200 OK\r\n${Object.entries(delivery.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n')}\r\n\r\n`,
  );
  return { payload, headers };
}

describe('webhooks verify', () => {
  it('accepts a genuine delivery (exit 0) and prints the event', async () => {
    const delivery = await createTestWebhook({ secret, type: 'post.published' });
    const files = save(delivery);
    const result = await reelay.run([
      'webhooks',
      'verify',
      '--payload',
      files.payload,
      '--headers',
      files.headers,
      '--secret-file',
      secretFile,
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({
      valid: true,
      event: { id: delivery.event.id, type: 'post.published' },
    });
    const text = await reelay.run(
      ['webhooks', 'verify', '--payload', files.payload, '--headers', files.headers],
      {
        env: { REELAY_WEBHOOK_SECRET: secret },
      },
    );
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Entrega válida.');
    expect(text.stdout + text.stderr).not.toContain(secret);
  });

  it.each([
    ['a current secret, keyed by its decoded base64', current, false],
    ['an older secret, keyed by its text', older, true],
  ])(
    'accepts a delivery carrying only the Standard Webhooks headers: %s',
    async (_name, key, textKey) => {
      const files = save(await standardOnly(key, textKey));
      const args = ['webhooks', 'verify', '--payload', files.payload, '--headers', files.headers];
      const result = await reelay.run([...args, '--secret', key, '--json']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.json()).toMatchObject({ valid: true });
      // Keyed the other way, the signature is not this secret's.
      const wrong = save(await standardOnly(key, !textKey));
      const refused = await reelay.run([
        ...['webhooks', 'verify', '--payload', wrong.payload, '--headers', wrong.headers],
        ...['--secret', key],
      ]);
      expect(refused.code).toBe(4);
    },
  );

  it('refuses --payload - from a terminal at once instead of waiting (exit 2)', () => {
    // `script` gives the command a real terminal as its stdin, as when typed by hand.
    const command = [process.execPath, BIN, 'webhooks', 'verify', '--payload', '-']
      .concat(['-H', 'x-service-timestamp: 1', '--secret', secret])
      .map((word) => `'${word}'`)
      .join(' ');
    const result = spawnSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      timeout: 15_000,
      env: { ...process.env, REELAY_CONFIG_DIR: freshConfigDir() },
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('nada na entrada padrão');
  });

  it('takes headers as JSON or as -H flags too', async () => {
    const delivery = await createTestWebhook({ secret, type: 'post.failed' });
    const json = join(scratch, 'headers.json');
    writeFileSync(json, JSON.stringify(delivery.headers));
    const files = save(delivery);
    const fromJson = await reelay.run([
      'webhooks',
      'verify',
      '--payload',
      files.payload,
      '--headers',
      json,
      '--secret',
      secret,
    ]);
    expect(fromJson.code).toBe(0);
    const flags = Object.entries(delivery.headers).flatMap(([name, value]) => [
      '-H',
      `${name}: ${value}`,
    ]);
    const fromFlags = await reelay.run(
      ['webhooks', 'verify', '--payload', '-', ...flags, '--secret', secret],
      {
        input: delivery.body,
      },
    );
    expect(fromFlags.code).toBe(0);
  });

  it('refuses the wrong secret with exit 4, naming the reason, never printing a secret', async () => {
    const files = save(await createTestWebhook({ secret }));
    const other = 'whsec_b3V0cm8gc2VncmVkbyBxdWFscXVlcjAxMjM0NTY3';
    const result = await reelay.run([
      'webhooks',
      'verify',
      '--payload',
      files.payload,
      '--headers',
      files.headers,
      '--secret',
      other,
      '--json',
    ]);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.errorJson()).toMatchObject({
      code: 'WEBHOOK_INVALID',
      details: { reason: 'signature_mismatch' },
    });
    expect(result.stderr).not.toContain(other);
  });

  it('refuses a body changed after signing (exit 4)', async () => {
    const delivery = await createTestWebhook({ secret });
    const files = save(delivery, delivery.body.replace('"post.published"', '"post.failed"'));
    const result = await reelay.run([
      'webhooks',
      'verify',
      '--payload',
      files.payload,
      '--headers',
      files.headers,
      '--secret-file',
      secretFile,
    ]);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('a assinatura não confere');
  });

  it('refuses a stale timestamp unless asked to check it as of its signing', async () => {
    const files = save(
      await createTestWebhook({ secret, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    );
    const args = [
      'webhooks',
      'verify',
      '--payload',
      files.payload,
      '--headers',
      files.headers,
      '--secret-file',
      secretFile,
    ];
    const stale = await reelay.run([...args, '--json']);
    expect(stale.code).toBe(4);
    expect(stale.errorJson()).toMatchObject({ details: { reason: 'timestamp_too_old' } });
    expect(stale.errorJson().hint).toContain('--ignore-timestamp');
    expect((await reelay.run([...args, '--ignore-timestamp'])).code).toBe(0);
    expect((await reelay.run([...args, '--tolerance', '7200'])).code).toBe(0);
  });

  it('exits 2 for a missing file or no secret at all', async () => {
    const files = save(await createTestWebhook({ secret }));
    const missing = await reelay.run([
      'webhooks',
      'verify',
      '--payload',
      join(scratch, 'nada.json'),
      '--headers',
      files.headers,
      '--secret-file',
      secretFile,
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('arquivo do corpo não encontrado');
    const noSecret = await reelay.run([
      'webhooks',
      'verify',
      '--payload',
      files.payload,
      '--headers',
      files.headers,
    ]);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain('informe o segredo');
  });
});

describe('webhooks listen', () => {
  it('verifies and prints each delivery as it arrives, refuses forgeries, marks duplicates', async () => {
    const listener = reelay.start(
      [
        'webhooks',
        'listen',
        '--port',
        '0',
        '--secret-file',
        secretFile,
        '--max-events',
        '2',
        '--json',
      ],
      { timeoutMs: 30_000 },
    );
    const [, url] = await listener.waitFor('stderr', /Ouvindo webhooks em (http:\/\/\S+)/);
    const send = (delivery: Delivery, body = delivery.body) =>
      fetch(url!, { method: 'POST', headers: delivery.headers, body });

    const first = await createTestWebhook({ secret, type: 'post.scheduled' });
    expect((await send(first)).status).toBe(204);
    expect((await send(first)).status).toBe(204); // a retry of the same event
    const forged = await createTestWebhook({
      secret: 'whsec_b3V0cm8gc2VncmVkbyBxdWFscXVlcjAxMjM0NTY3',
    });
    const refused = await send(forged);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('signature_mismatch');
    expect((await fetch(url!)).status).toBe(405);
    const second = await createTestWebhook({ secret, type: 'post.published' });
    expect((await send(second)).status).toBe(204);

    const result = await listener.done;
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.event.id, line.duplicate])).toEqual([
      [first.event.id, false],
      [first.event.id, true],
      [second.event.id, false],
    ]);
    expect(lines[2].event.type).toBe('post.published');
    expect(result.stderr).toContain('entrega recusada (signature_mismatch)');
    expect(result.stderr).toContain('2 evento(s) recebido(s)');
  });

  it('verifies Standard Webhooks headers of both generations during a rotation', async () => {
    const listener = reelay.start(
      ['webhooks', 'listen', '--port', '0', '--max-events', '2', '--json'],
      { env: { REELAY_WEBHOOK_SECRET: `${current},${older}` }, timeoutMs: 30_000 },
    );
    // A failed expectation must not leave the listener waiting for its second event.
    try {
      const [, url] = await listener.waitFor('stderr', /Ouvindo webhooks em (http:\/\/\S+)/);
      const send = (delivery: Delivery) =>
        fetch(url!, { method: 'POST', headers: delivery.headers, body: delivery.body });
      const fromCurrent = await standardOnly(current);
      expect((await send(fromCurrent)).status).toBe(204);
      // The current secret's text is not its Standard Webhooks key.
      expect((await send(await standardOnly(current, true))).status).toBe(400);
      const fromOlder = await standardOnly(older, true);
      expect((await send(fromOlder)).status).toBe(204);
      const result = await listener.done;
      expect(result.code).toBe(0);
      const ids = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).event.id);
      expect(ids).toEqual([fromCurrent.event.id, fromOlder.event.id]);
    } finally {
      listener.child.kill('SIGKILL');
    }
  });

  it('stops cleanly on Ctrl-C, with readable lines without --json', async () => {
    const listener = reelay.start(['webhooks', 'listen', '--port', '0', '--path', '/ganchos'], {
      env: { REELAY_WEBHOOK_SECRET: secret },
    });
    const [, url] = await listener.waitFor('stderr', /Ouvindo webhooks em (http:\/\/\S+)/);
    expect(url).toMatch(/\/ganchos$/);
    const delivery = await createTestWebhook({ secret, type: 'post.partial' });
    expect(
      (await fetch(url!, { method: 'POST', headers: delivery.headers, body: delivery.body }))
        .status,
    ).toBe(204);
    await listener.waitFor('stdout', /post\.partial/);
    expect((await fetch(url!.replace('/ganchos', '/outro'), { method: 'POST' })).status).toBe(404);
    listener.child.kill('SIGINT');
    const result = await listener.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`post\\.partial\\s+${delivery.event.id}\\s+post_`));
  });

  it('exits 2 when the port is taken', async () => {
    const holder = reelay.start(['webhooks', 'listen', '--port', '0', '--secret', secret]);
    const [, port] = await holder.waitFor('stderr', /127\.0\.0\.1:(\d+)/);
    const second = await reelay.run(['webhooks', 'listen', '--port', port!, '--secret', secret]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`a porta ${port} já está em uso`);
    holder.child.kill('SIGTERM');
    expect((await holder.done).code).toBe(0);
  });
});
