import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compositionIssues } from '../rules/post-composition';
import type { InstagramOptions } from '../schemas/posts';
import { POST_KINDS, type PostKind } from './enums';
import {
  FACEBOOK_LOGIN_ONLY_OPTIONS,
  POST_OPTION_NAMES,
  POST_OPTIONS_BY_KIND,
  postOptionsFor,
  type PostOptionName,
} from './post-options';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Every module a source file reaches at run time through its relative and package
 * imports (`import type` is erased and not followed).
 */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    // Comments hold examples that import the package itself: only code counts.
    const source = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const statements = source.matchAll(/(?:import|export)(\s+type\b)?[^'"]*?from\s+'([^']+)'/g);
    for (const [, typeOnly, specifier] of statements) {
      if (typeOnly) continue;
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), `${specifier}.ts`));
      else packages.add(specifier!);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the vocabulary entry point', () => {
  it('loads no package at all, zod included', () => {
    const { files, packages } = importGraph(resolve(here, 'index.ts'));
    expect([...packages]).toEqual([]);
    expect(files.size).toBeGreaterThan(4);
  });

  it('has a rules entry point that loads only zod-free modules of core', () => {
    const { files, packages } = importGraph(resolve(here, '../rules/index.ts'));
    expect([...packages]).toEqual([]);
    const reached = [...files].map((file) => file.slice(resolve(here, '..').length + 1));
    expect(reached).toContain('rules/post-composition.ts');
    expect(
      reached.filter((file) => /^(schemas|contract|validation\/parse-input)/.test(file)),
    ).toEqual([]);
  });
});

/** A value for each option, valid in shape for the kind it is tried on. */
function optionValue(option: PostOptionName, kind: PostKind): InstagramOptions {
  const values: InstagramOptions = {
    shareToFeed: true,
    coverUrl: 'https://cdn.example.com/capa.jpg',
    thumbOffset: 0,
    trialParams: { graduationStrategy: 'MANUAL' },
    audioName: 'Som original',
    collaborators: ['ana'],
    locationId: '123',
    firstComment: 'oi',
    altText: kind === 'carousel' ? ['Um gato', 'Um cão'] : 'Um gato',
    userTags: [
      kind === 'reel' ? { username: 'ana' } : { username: 'ana', x: 0.5, y: 0.5, mediaIndex: 0 },
    ],
    productTags: [kind === 'feed' ? { productId: '1', x: 0.5, y: 0.5 } : { productId: '1' }],
    aiGenerated: true,
  };
  return { [option]: values[option] };
}

describe('POST_OPTIONS_BY_KIND', () => {
  it('is exactly what the composition rules take and refuse, kind by kind', () => {
    const media = {
      feed: ['image'],
      reel: ['video'],
      story: ['image'],
      carousel: ['image', 'image'],
    } as const;
    for (const kind of POST_KINDS) {
      const taken = POST_OPTION_NAMES.filter(
        (option) =>
          compositionIssues(kind, {
            content: '',
            mediaTypes: media[kind],
            platforms: [{ options: optionValue(option, kind) }],
          }).length === 0,
      );
      expect([kind, taken]).toEqual([kind, [...POST_OPTIONS_BY_KIND[kind]]]);
    }
  });

  it('leaves the Facebook-Login-only options out for Instagram Login accounts', () => {
    expect(postOptionsFor('feed', 'facebook')).toContain('productTags');
    expect(postOptionsFor('feed', 'instagram')).not.toContain('productTags');
    expect(postOptionsFor('story', 'instagram')).toEqual(['userTags', 'aiGenerated']);
    for (const option of FACEBOOK_LOGIN_ONLY_OPTIONS) {
      for (const kind of POST_KINDS)
        expect(postOptionsFor(kind, 'instagram')).not.toContain(option);
    }
  });
});
