/**
 * The deployment examples in examples/self-hosting agree with what the packages and the
 * server do. Docker cannot run here (no container registry to pull the base image from),
 * so the Dockerfile is read: it must pack the server and every package the server needs
 * at run time, install those tarballs (not the workspace) in the image, and start a file
 * the server's tarball contains. The systemd unit starts the same file, and what
 * nginx.conf and the docs say about `X-Forwarded-For` is what the server does with it.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../packages/server/src/http/client-address';
import {
  ensureBuilt,
  packPublicPackages,
  ROOT,
  workspacePackages,
  type Manifest,
  type PackedPackage,
} from './helpers/packed-packages';

const examples = join(ROOT, 'examples', 'self-hosting');
const read = (file: string) => readFileSync(join(examples, file), 'utf8');
const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function dockerInstructions(): string[] {
  return read('Dockerfile')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** The workspace packages `name` needs at run time, itself included. */
function runtimeClosure(name: string): string[] {
  const byName = new Map(workspacePackages().map((pkg) => [pkg.name, pkg.manifest]));
  const found = new Set<string>();
  const visit = (current: string): void => {
    if (found.has(current)) return;
    found.add(current);
    for (const dependency of Object.keys(byName.get(current)?.dependencies ?? {})) {
      if (byName.has(dependency)) visit(dependency);
    }
  };
  visit(name);
  return [...found].sort();
}

describe('examples/self-hosting/Dockerfile', () => {
  const instructions = dockerInstructions();
  const lastFrom = instructions.findLastIndex((line) => line.startsWith('FROM '));
  const buildStage = instructions.slice(0, lastFrom);
  const runtimeStage = instructions.slice(lastFrom);
  const packLine = buildStage.find((line) => / pack /.test(line)) ?? '';
  const packDestination = /--pack-destination (\S+)/.exec(packLine)?.[1];
  const scratch = mkdtempSync(join(tmpdir(), 'reelay-dockerfile-'));
  let packed: PackedPackage[] = [];

  beforeAll(() => {
    ensureBuilt();
    packed = packPublicPackages(scratch);
  }, 600_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('packs the server and every workspace package it needs at run time, all public', () => {
    expect(packLine).toMatch(/^RUN pnpm /);
    const filtered = [...packLine.matchAll(/--filter "?([^\s"]+)"?/g)].map((match) => match[1]);
    expect(filtered.sort()).toEqual(runtimeClosure('@reelay/server'));
    expect(filtered.every((name) => packed.some((pkg) => pkg.name === name))).toBe(true);
  });

  it('installs those tarballs with npm in the image it runs, never the workspace', () => {
    expect(packDestination).toMatch(/^\//);
    expect(runtimeStage).toContain(`COPY --from=build ${packDestination} ${packDestination}`);
    const install = runtimeStage.find((line) => line.startsWith('RUN npm install '));
    expect(install).toContain(`${packDestination}/*.tgz`);
    expect(install).toContain('--omit=dev');
    // Nothing of the build stage but the tarballs reaches the image.
    const copies = runtimeStage.filter((line) => line.startsWith('COPY '));
    expect(copies).toEqual([`COPY --from=build ${packDestination} ${packDestination}`]);
  });

  it('starts the server command from its installed package', () => {
    const cmd = runtimeStage.find((line) => line.startsWith('CMD '))!;
    const [program, entry] = JSON.parse(cmd.slice('CMD '.length)) as string[];
    expect(program).toBe('node');
    const prefix = 'node_modules/@reelay/server/';
    expect(entry!.startsWith(prefix)).toBe(true);
    const server = packed.find((pkg) => pkg.name === '@reelay/server')!;
    const file = entry!.slice(prefix.length);
    expect(server.files).toContain(file);
    expect(server.manifest.bin?.['reelay-server']?.replace(/^\.\//, '')).toBe(file);
  });

  it('uses the pnpm of packageManager and a Node that engines accepts', () => {
    const pnpmVersion = String(rootManifest.packageManager).replace(/^pnpm@/, '');
    expect(buildStage).toContain(`RUN npm install --global pnpm@${pnpmVersion}`);
    const engines = (rootManifest.engines as { node: string }).node; // ">=22.19"
    const minimumMajor = Number(/>=(\d+)/.exec(engines)![1]);
    for (const from of instructions.filter((line) => line.startsWith('FROM '))) {
      expect(Number(/^FROM node:(\d+)/.exec(from)?.[1])).toBeGreaterThanOrEqual(minimumMajor);
    }
  });

  it('the systemd unit starts the same file of the installed package', () => {
    const execStart = /^ExecStart=(\S+) (\S+)$/m.exec(read('reelay.service'));
    expect(execStart?.[1]).toBe('/usr/bin/node');
    const server = packed.find((pkg) => pkg.name === '@reelay/server')!;
    const prefix = '/opt/reelay/node_modules/@reelay/server/';
    expect(execStart?.[2]?.startsWith(prefix)).toBe(true);
    expect(server.files).toContain(execStart![2]!.slice(prefix.length));
  });
});

describe('X-Forwarded-For behind a trusted proxy', () => {
  /** The entry the server takes from `x-forwarded-for` when it trusts the proxy. */
  function entryTaken(): 'first' | 'last' {
    const request = new IncomingMessage(new Socket());
    request.headers['x-forwarded-for'] = '198.51.100.7, 203.0.113.9';
    const address = clientAddress(request, true);
    expect(['198.51.100.7', '203.0.113.9']).toContain(address);
    return address === '198.51.100.7' ? 'first' : 'last';
  }

  it('nginx.conf says which entry the server takes, and forwards a header that gives it', () => {
    const nginx = read('nginx.conf');
    const said = /take the (FIRST|LAST) address of X-Forwarded-For/i.exec(nginx)?.[1];
    expect(said?.toLowerCase()).toBe(entryTaken());
    const forwarded = /proxy_set_header X-Forwarded-For\s+(\S+);/.exec(nginx)?.[1];
    // Taking the first entry is safe only when nginx overwrites the header.
    const safe =
      entryTaken() === 'last' ? ['$remote_addr', '$proxy_add_x_forwarded_for'] : ['$remote_addr'];
    expect(safe).toContain(forwarded);
  });

  it('docs/self-hosting.md says the same', () => {
    const docs = readFileSync(join(ROOT, 'docs', 'self-hosting.md'), 'utf8');
    const said = /takes\s+the \*\*(first|last)\*\* address of `X-Forwarded-For`/.exec(docs)?.[1];
    expect(said).toBe(entryTaken());
  });
});
