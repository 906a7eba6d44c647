/**
 * The package as published: built with its own tsup configuration into a scratch
 * directory, laid out as an installed dependency, then loaded with `require` and
 * `import`, and type-checked by a consumer, with no workspace around to help.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const scratch = mkdtempSync(join(tmpdir(), 'reelay-sdk-build-'));
const installed = join(scratch, 'app', 'node_modules', '@reelay', 'sdk');
const node = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: join(scratch, 'app'), encoding: 'utf8' });

beforeAll(() => {
  const tsup = join(dirname(require.resolve('tsup/package.json')), 'dist', 'cli-default.js');
  execFileSync(process.execPath, [tsup, '--out-dir', join(scratch, 'dist'), '--silent'], {
    cwd: sdkDir,
    stdio: 'pipe',
  });
  mkdirSync(installed, { recursive: true });
  cpSync(join(scratch, 'dist'), join(installed, 'dist'), { recursive: true });
  cpSync(join(sdkDir, 'package.json'), join(installed, 'package.json'));
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the built package', () => {
  it('loads with require (CommonJS)', () => {
    const out = node([
      '-e',
      `const sdk = require('@reelay/sdk');
       const reelay = new sdk.Reelay({ baseUrl: 'https://reelay.example.com', apiKey: 'rly_live_x' });
       console.log(typeof reelay.posts.create, typeof reelay.media.upload, typeof sdk.verifyWebhook, sdk.WEBHOOK_PAYLOAD_VERSION);`,
    ]);
    expect(out.trim()).toBe('function function function 2026-09-01');
  });

  it('loads with import (ESM) and signs and verifies a test webhook', () => {
    const out = node([
      '--input-type=module',
      '-e',
      `import { Reelay, createTestWebhook, verifyWebhook, ReelayError } from '@reelay/sdk';
       const delivery = await createTestWebhook({ secret: 'whsec_build', type: 'post.failed' });
       const event = await verifyWebhook(delivery.body, delivery.headers, 'whsec_build');
       console.log(event.type, typeof Reelay, typeof ReelayError);`,
    ]);
    expect(out.trim()).toBe('post.failed function function');
  });

  it('computes occurrences from its own entry, which the main entry does without', () => {
    const out = node([
      '--input-type=module',
      '-e',
      `import { seriesOccurrences } from '@reelay/sdk/recurrence';
       const series = { rrule: 'FREQ=WEEKLY;COUNT=2', timezone: 'America/New_York', start: Date.parse('2027-03-08T14:00:00Z') };
       console.log(seriesOccurrences(series).map((o) => new Date(o.at).toISOString()).join(' '));`,
    ]);
    expect(out.trim()).toBe('2027-03-08T14:00:00.000Z 2027-03-15T13:00:00.000Z');
    for (const file of ['index.js', 'index.cjs']) {
      const code = readFileSync(join(installed, 'dist', file), 'utf8');
      expect(code).not.toMatch(/rrule-temporal|from ['"]\.\/recurrence/);
    }
  });

  it('bundles the core code it uses and carries neither zod nor a core import', () => {
    for (const file of ['index.js', 'index.cjs']) {
      const code = readFileSync(join(installed, 'dist', file), 'utf8');
      expect(code).not.toMatch(/from ['"]@reelay\/core|require\(['"]@reelay\/core/);
      expect(code).not.toMatch(/zod/i);
    }
  });

  it('ships declarations that name no unpublished package and no zod', () => {
    for (const file of ['index.d.ts', 'index.d.cts']) {
      const types = readFileSync(join(installed, 'dist', file), 'utf8');
      // Only statements count: JSDoc examples may well say `from '@reelay/sdk'`.
      expect(types).not.toMatch(/^\s*(import|export)\b[^\n]*\bfrom ['"]/m);
      expect(types).not.toMatch(/^(?!\s*\*)[^\n]*\bimport\(['"]/m);
      expect(types).not.toMatch(/\bzod\b|ZodType/);
    }
  });

  it('type-checks a consumer against the shipped declarations, in both module systems', () => {
    const app = join(scratch, 'app');
    const consumer = `
      import { Reelay, isReelayError, type Post, type WebhookEvent } from '@reelay/sdk';
      export async function main(): Promise<Post[]> {
        const reelay = new Reelay({ apiKey: 'rly_live_x', baseUrl: 'https://reelay.example.com' });
        const { post } = await reelay.posts.create({
          mediaItems: [{ type: 'image', url: 'https://cdn.example.com/a.jpg' }],
          platforms: [{ platform: 'instagram', accountId: 'int_1' }],
          scheduledFor: new Date(),
        });
        const kind: 'feed' | 'reel' | 'story' | 'carousel' = post.kind;
        void kind;
        try { await reelay.posts.cancel(post.id); } catch (error) {
          if (isReelayError(error, 'POST_NOT_CANCELLABLE')) console.log(error.code, error.requestId);
        }
        const event = null as unknown as WebhookEvent;
        if (event.type === 'post.failed') console.log(event.data.platforms[0]?.errorCode);
        // @ts-expect-error a misspelt field is refused
        await reelay.posts.create({ mediaItems: [], platforms: [], scheduleFor: 'x' });
        return reelay.posts.list({ status: 'scheduled' }).toArray({ max: 10 });
      }
    `;
    writeFileSync(join(app, 'consumer.mts'), consumer);
    writeFileSync(join(app, 'consumer.cts'), consumer);
    const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
    for (const moduleKind of ['nodenext', 'preserve']) {
      const args = [
        tsc,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        'false',
        '--target',
        'es2022',
        '--lib',
        'es2023,dom,dom.iterable',
        '--types',
        'node',
        '--typeRoots',
        join(sdkDir, '..', '..', 'node_modules', '@types'),
        '--module',
        moduleKind,
        '--moduleResolution',
        moduleKind === 'preserve' ? 'bundler' : 'nodenext',
        ...(moduleKind === 'preserve' ? ['consumer.mts'] : ['consumer.mts', 'consumer.cts']),
      ];
      expect(() => node(args)).not.toThrow();
    }
    // Two TypeScript runs over the declarations: a minute alone, more on a busy machine.
  }, 180_000);
});
