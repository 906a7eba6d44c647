/**
 * Produces every file of `packages/sdk/src/generated/` from the contract, formatted in
 * the repository's Prettier style so that formatting never makes them look stale.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteDefinition } from '@reelay/core';
import { format, resolveConfig } from 'prettier';
import { loadContract } from './contract-model';
import { byResource, renderResource, renderResourceIndex, resourceFile } from './render-resources';
import {
  renderErrors,
  renderRouteMethods,
  renderRoutes,
  renderWebhookConstants,
} from './render-tables';
import { renderTypes } from './render-types';

/** `packages/sdk/src/generated/`. */
export const GENERATED_DIR = fileURLToPath(new URL('../../src/generated/', import.meta.url));

/**
 * The generated files, by path relative to {@link GENERATED_DIR}, plus the routes that
 * were named by convention (no entry in `sdk-methods.ts`). `table` replaces the contract's
 * route table, to see what a route added to it becomes.
 *
 * @example
 * ```ts
 * const { files } = await generateSdkFiles();
 * files.get('routes.ts'); // 'export const createPostRoute = …'
 * ```
 */
export async function generateSdkFiles(table?: readonly RouteDefinition[]): Promise<{
  files: Map<string, string>;
  namedByConvention: string[];
}> {
  const { routes, document } = loadContract(table);
  const groups = byResource(routes);
  const raw = new Map<string, string>([
    ['types.ts', renderTypes(routes, document)],
    ['routes.ts', renderRoutes(routes)],
    ['route-methods.ts', renderRouteMethods(routes)],
    ['errors.ts', renderErrors()],
    ['webhooks.ts', renderWebhookConstants(document)],
    ['resources/index.ts', renderResourceIndex(groups)],
  ]);
  for (const [resource, members] of groups) {
    raw.set(`resources/${resourceFile(resource)}.ts`, renderResource(resource, members));
  }
  const config = (await resolveConfig(join(GENERATED_DIR, 'types.ts'))) ?? {};
  const files = new Map<string, string>();
  for (const [path, source] of [...raw].sort(([a], [b]) => a.localeCompare(b))) {
    files.set(path, await format(source, { ...config, parser: 'typescript' }));
  }
  return {
    files,
    namedByConvention: routes
      .filter((route) => route.sdk?.byConvention)
      .map((route) => `${route.id} → ${route.sdk!.resource}.${route.sdk!.name}`),
  };
}

/** Every file currently in the generated directory, by relative path. */
export function readGeneratedDir(dir = GENERATED_DIR): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (current: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.set(relative(dir, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return found;
}

/**
 * Paths whose committed content differs from what the contract produces: changed,
 * missing or left over.
 */
export function staleFiles(expected: Map<string, string>, actual: Map<string, string>): string[] {
  const paths = new Set([...expected.keys(), ...actual.keys()]);
  return [...paths].filter((path) => expected.get(path) !== actual.get(path)).sort();
}

/** Writes the generated files and removes leftovers. */
export function writeGeneratedFiles(files: Map<string, string>, dir = GENERATED_DIR): string[] {
  const current = readGeneratedDir(dir);
  const changed = staleFiles(files, current);
  for (const path of changed) {
    const target = join(dir, path);
    const content = files.get(path);
    if (content === undefined) {
      rmSync(target);
    } else {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
  }
  return changed;
}
