/**
 * How many bytes the SDK adds to a browser bundle: typical imports bundled with esbuild
 * (browser platform, ESM, minified, tree-shaken), as an application's bundler would, and
 * the size of each once gzipped. The SDK is bundled from its sources with the same
 * esbuild that builds the package, core's subpaths included, as in the published build.
 *
 * Run: pnpm bench sdk-size
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The part of esbuild's API used here. */
interface Esbuild {
  version: string;
  build(
    options: Record<string, unknown>,
  ): Promise<{ outputFiles: Array<{ contents: Uint8Array }> }>;
}

// esbuild is a dev dependency of the SDK (the same version tsup and vitest use); the
// benchmarks package does not list it, so it is loaded from the SDK's side.
const sdkPackage = fileURLToPath(new URL('../packages/sdk/package.json', import.meta.url));
const esbuild = createRequire(sdkPackage)('esbuild') as Esbuild;
const sdkEntry = fileURLToPath(new URL('../packages/sdk/src/index.ts', import.meta.url));

const CASES: Array<{ name: string; code: string }> = [
  {
    name: 'client: new Reelay() + posts.list()',
    code: `import { Reelay } from '@reelay/sdk';
const reelay = new Reelay({ apiKey: 'rly_live_example', baseUrl: 'https://reelay.example.com' });
for await (const post of reelay.posts.list({ limit: 50 })) console.log(post.id);`,
  },
  {
    name: 'client + errors + upload + create',
    code: `import { Reelay, isReelayError, ValidationError } from '@reelay/sdk';
const reelay = new Reelay({ accessToken: 'token', projectId: 'proj_1', baseUrl: 'https://reelay.example.com' });
try {
  const { media } = await reelay.media.upload(new Blob([]));
  await reelay.posts.create({ mediaItems: [{ mediaId: media.id }], platforms: [{ platform: 'instagram', accountId: 'int_1' }] });
} catch (error) {
  if (error instanceof ValidationError || isReelayError(error, 'MEDIA_INVALID')) console.log(error.code);
}`,
  },
  {
    name: 'webhook receiver: verifyWebhook only',
    code: `import { verifyWebhook } from '@reelay/sdk';
export const handle = (body, headers) => verifyWebhook(body, headers, 'whsec_example');`,
  },
  {
    name: 'everything: import * as sdk',
    code: `import * as sdk from '@reelay/sdk';
console.log(sdk);`,
  },
];

async function bundle(code: string): Promise<Uint8Array> {
  const result = await esbuild.build({
    stdin: { contents: code, loader: 'ts', resolveDir: process.cwd(), sourcefile: 'app.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    treeShaking: true,
    conditions: ['@reelay/source'],
    alias: { '@reelay/sdk': sdkEntry },
    logLevel: 'silent',
  });
  const text = new TextDecoder().decode(result.outputFiles[0]!.contents);
  // node:fs may only be reached at run time through a variable, never statically.
  if (/(import\(|from|require\()\s*["']node:/.test(text)) {
    throw new Error('the browser bundle imports a node: module statically');
  }
  if (/zod/i.test(text)) throw new Error('zod reached the SDK bundle');
  return result.outputFiles[0]!.contents;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`esbuild ${esbuild.version}, platform browser, minified and tree-shaken`);
const rows: Array<Record<string, string>> = [];
for (const { name, code } of CASES) {
  const bytes = await bundle(code);
  rows.push({
    import: name,
    minified: `${bytes.length} B (${kb(bytes.length)})`,
    gzipped: `${gzipSync(bytes, { level: 9 }).length} B (${kb(gzipSync(bytes, { level: 9 }).length)})`,
  });
}
console.table(rows);
