/**
 * What the next release's `changeset version` would do, run on a copy of the workspace's
 * manifests and `.changeset/` in a scratch folder, so the repository's changesets are
 * never consumed: each public package gets a new version and a CHANGELOG.md with every
 * change that names it, internal dependencies stay `workspace:*` (for `pnpm pack` and
 * `changeset publish` to turn into the new versions), and the scoped packages go out
 * public.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPackages, ROOT, type Manifest } from './helpers/packed-packages';

const changesetBin = join(ROOT, 'node_modules', '@changesets', 'cli', 'bin.js');
const copy = mkdtempSync(join(tmpdir(), 'reelay-changesets-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

interface Changeset {
  file: string;
  releases: Record<string, string>;
  summary: string;
}

/** The repository's pending changesets, read from their front matter. */
function pendingChangesets(): Changeset[] {
  const dir = join(ROOT, '.changeset');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const match = /^---\n([\s\S]*?)---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`.changeset/${file} has no front matter`);
      const releases: Record<string, string> = {};
      for (const line of match[1]!.split('\n')) {
        const release = /^['"]?([^'":]+)['"]?\s*:\s*(major|minor|patch)\s*$/.exec(line.trim());
        if (release) releases[release[1]!] = release[2]!;
      }
      return { file, releases, summary: match[2]!.trim() };
    });
}

const before = readdirSync(join(ROOT, '.changeset')).sort();
let run: ReturnType<typeof spawnSync>;
const manifestIn = (pkgDir: string): Manifest =>
  JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Manifest;

beforeAll(() => {
  // The workspace as changesets sees it: the root manifest and pnpm-workspace.yaml, each
  // package's manifest, and the changesets with their configuration.
  for (const file of ['package.json', 'pnpm-workspace.yaml']) {
    cpSync(join(ROOT, file), join(copy, file));
  }
  cpSync(join(ROOT, '.changeset'), join(copy, '.changeset'), { recursive: true });
  for (const folder of ['packages', 'examples', 'bench']) {
    const parents = folder === 'packages' ? readdirSync(join(ROOT, folder)) : [''];
    for (const name of parents) {
      const from = join(ROOT, folder, name, 'package.json');
      if (!existsSync(from)) continue;
      mkdirSync(join(copy, folder, name), { recursive: true });
      cpSync(from, join(copy, folder, name, 'package.json'));
    }
  }
  run = spawnSync(process.execPath, [changesetBin, 'version'], {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
});

describe('changeset version on a copy of the workspace', () => {
  it('succeeds: every changeset names packages of this workspace', () => {
    expect(run.status, `${String(run.stdout)}\n${String(run.stderr)}`).toBe(0);
  });

  it('consumes the copies only: the repository keeps its changesets', () => {
    expect(readdirSync(join(ROOT, '.changeset')).sort()).toEqual(before);
    expect(readdirSync(join(copy, '.changeset')).sort()).toEqual(['README.md', 'config.json']);
  });

  it('publishes the scoped packages publicly, from main', () => {
    const config = JSON.parse(readFileSync(join(ROOT, '.changeset', 'config.json'), 'utf8'));
    expect(config).toMatchObject({ access: 'public', baseBranch: 'main' });
  });

  describe.each(publicPackages().map((pkg) => [pkg.name, pkg] as const))('%s', (name, pkg) => {
    const dir = join(copy, 'packages', pkg.dir.split(/[\\/]/).at(-1)!);

    it('gets a new version', () => {
      const next = manifestIn(dir).version;
      expect(next).toMatch(/^\d+\.\d+\.\d+$/);
      expect(next).not.toBe(pkg.manifest.version);
    });

    it('gets a CHANGELOG.md with every change that names it, under the new version', () => {
      const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
      const version = manifestIn(dir).version;
      expect(changelog.startsWith(`# ${name}\n\n## ${version}\n`)).toBe(true);
      const naming = pendingChangesets().filter((changeset) => name in changeset.releases);
      expect(naming.length).toBeGreaterThan(0);
      for (const changeset of naming) {
        const firstLine = changeset.summary.split('\n')[0]!;
        expect(changelog, `.changeset/${changeset.file}`).toContain(firstLine);
      }
    });

    it('keeps workspace:* for the packages of this workspace it depends on', () => {
      const manifest = manifestIn(dir);
      for (const field of ['dependencies', 'devDependencies'] as const) {
        for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
          if (dependency.startsWith('@reelay/')) expect(range, dependency).toBe('workspace:*');
        }
      }
    });
  });
});
