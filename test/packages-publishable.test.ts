/**
 * Each public package as a registry would receive it, packed by `pnpm pack` from its
 * build: publint (every rule, suggestions as errors) and Are the Types Wrong pass on the
 * tarball, the manifest has real versions where the workspace says `workspace:*`, every
 * file the manifest points to is in the tarball, and every package the built code imports
 * is a declared dependency. Both tools run on local files only, offline.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureBuilt,
  packPublicPackages,
  publicPackages,
  ROOT,
  workspacePackages,
  type Manifest,
  type PackedPackage,
} from './helpers/packed-packages';

const SOURCE_CONDITION = '@reelay/source';
const attw = join(ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const scratch = mkdtempSync(join(tmpdir(), 'reelay-publishable-'));
let packed: PackedPackage[] = [];

beforeAll(() => {
  ensureBuilt();
  packed = packPublicPackages(join(scratch, 'tarballs'));
  for (const pkg of packed) {
    const into = join(scratch, 'unpacked', pkg.name);
    mkdirSync(into, { recursive: true });
    execFileSync('tar', ['-xzf', pkg.tarball, '-C', into, '--strip-components=1']);
  }
}, 600_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const packedNamed = (name: string): PackedPackage => {
  const found = packed.find((pkg) => pkg.name === name);
  if (!found) throw new Error(`${name} was not packed`);
  return found;
};

/** The exports map without the workspace-only condition that points at TypeScript sources. */
function withoutSourceCondition(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, inner]) => [key, withoutSourceCondition(inner)]),
  );
}

/** Every relative path a manifest points to: exports targets, main, module, types, bin. */
function manifestTargets(manifest: Manifest): string[] {
  const targets: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') targets.push(value);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(collect);
  };
  collect(manifest.exports);
  collect(manifest.bin);
  for (const field of ['main', 'module', 'types', 'typings']) collect(manifest[field]);
  return [...new Set(targets.map((target) => target.replace(/^\.\//, '')))];
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or null. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) {
    return null;
  }
  const name = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0]!;
  return builtinModules.includes(name) ? null : name;
}

/**
 * The modules a built file imports: static and dynamic `import`, `export … from`,
 * `require('…')` and type imports, read from its syntax tree (a string that happens to
 * contain `import … from '…'`, such as a code sample, is not an import).
 */
function importedSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      literal(node.moduleSpecifier);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) literal(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      literal(node.argument.literal);
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (ts.isExternalModuleReference(node.moduleReference)) {
        literal(node.moduleReference.expression);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The built code of an unpacked package: its JavaScript and declaration files. */
function builtFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current)) {
      const path = join(current, entry);
      // The web app is a browser bundle served as files, never imported by Node.
      if (statSync(path).isDirectory()) {
        if (entry !== 'web-app') walk(path);
      } else if (/\.(?:c|m)?js$|\.d\.(?:c|m)?ts$/.test(entry)) {
        files.push(path);
      }
    }
  };
  for (const folder of ['dist', 'bin']) {
    if (readdirSync(dir).includes(folder)) walk(join(dir, folder));
  }
  return files;
}

describe('the packages a release publishes', () => {
  it('are the SDK, the CLI, the server, the emulator, and the core and MCP packages they need', () => {
    expect(publicPackages().map((pkg) => pkg.name)).toEqual([
      '@reelay/cli',
      '@reelay/core',
      '@reelay/emulator',
      '@reelay/mcp',
      '@reelay/sdk',
      '@reelay/server',
    ]);
    expect(packed.map((pkg) => pkg.name)).toEqual(publicPackages().map((pkg) => pkg.name));
  });

  it('keep the web app private: it ships built inside the server package', () => {
    const web = workspacePackages().find((pkg) => pkg.name === '@reelay/web');
    expect(web?.manifest.private).toBe(true);
    const server = packedNamed('@reelay/server');
    expect(server.files).toContain('dist/web-app/index.html');
  });

  it('depend at run time only on packages that are published too', () => {
    const published = new Set(packed.map((pkg) => pkg.name));
    for (const pkg of packed) {
      const runtime = {
        ...pkg.manifest.dependencies,
        ...pkg.manifest.peerDependencies,
        ...pkg.manifest.optionalDependencies,
      };
      const internal = Object.keys(runtime).filter((name) => name.startsWith('@reelay/'));
      expect(
        internal.filter((name) => !published.has(name)),
        pkg.name,
      ).toEqual([]);
    }
  });
});

describe.each(publicPackages().map((pkg) => pkg.name))('%s, packed', (name) => {
  it('passes publint with every rule, suggestions included, as errors', async () => {
    const pkg = packedNamed(name);
    const tarball = readFileSync(pkg.tarball);
    const result = await publint({
      pack: {
        tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.length),
      },
      level: 'suggestion',
      strict: true,
    });
    const messages = result.messages.map(
      (message) => `${message.type} ${message.code}: ${formatMessage(message, result.pkg) ?? ''}`,
    );
    expect(messages).toEqual([]);
  });

  it('passes Are the Types Wrong for the module systems it offers', () => {
    const pkg = packedNamed(name);
    // A package with a `require` condition promises CommonJS too and is held to every
    // resolution mode; an ESM-only package (Node 22.19+, which can `require` ESM) to the
    // ESM ones.
    const dual = JSON.stringify(pkg.manifest.exports).includes('"require"');
    const run = spawnSync(
      process.execPath,
      [
        attw,
        pkg.tarball,
        ...['--profile', dual ? 'strict' : 'esm-only', '--format', 'ascii'],
        // The package's own types only: no look-up of an @types package on the registry.
        '--no-definitely-typed',
      ],
      { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    if (run.error) throw run.error;
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  }, 60_000);

  it('names real versions where the workspace says workspace:*, and no source condition', () => {
    const { manifest } = packedNamed(name);
    const workspace = publicPackages().find((pkg) => pkg.name === name)!.manifest;
    for (const field of [
      'dependencies',
      'peerDependencies',
      'optionalDependencies',
      'devDependencies',
    ] as const) {
      for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
        expect(range, `${field}.${dependency}`).not.toMatch(/^(?:workspace|file|link):/);
      }
    }
    expect(JSON.stringify(manifest.exports)).not.toContain(SOURCE_CONDITION);
    // publishConfig.exports is the workspace map less the source condition, kept in step.
    expect(manifest.exports).toEqual(withoutSourceCondition(workspace.exports));
    expect(manifest).toMatchObject({
      type: 'module',
      license: 'MIT',
      engines: { node: (rootManifest.engines as { node: string }).node },
    });
    expect(manifest.description).toEqual(expect.any(String));
  });

  it('ships every file its manifest points to, a README and the licence, and no sources', () => {
    const pkg = packedNamed(name);
    const missing = manifestTargets(pkg.manifest).filter((target) => !pkg.files.includes(target));
    expect(missing).toEqual([]);
    expect(pkg.files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']));
    expect(pkg.files.filter((file) => /^(?:src|test)\/|\.test\./.test(file))).toEqual([]);
  });

  it('declares every package its built code and declarations import', () => {
    const pkg = packedNamed(name);
    const declared = new Set([
      pkg.name,
      ...Object.keys(pkg.manifest.dependencies ?? {}),
      ...Object.keys(pkg.manifest.peerDependencies ?? {}),
      ...Object.keys(pkg.manifest.optionalDependencies ?? {}),
    ]);
    const undeclared = new Set<string>();
    for (const file of builtFiles(join(scratch, 'unpacked', name))) {
      for (const specifier of importedSpecifiers(file)) {
        const imported = packageOf(specifier);
        if (imported && !declared.has(imported)) {
          undeclared.add(`${imported} (${file.slice(scratch.length)})`);
        }
      }
    }
    expect([...undeclared]).toEqual([]);
  }, 60_000);
});
