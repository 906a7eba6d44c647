/**
 * The built app: the JavaScript a first visit downloads stays within 200 KB gzipped,
 * each page is its own chunk loaded later, and the page needs nothing inline (the CSP
 * allows no inline script or style).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../scripts/build-if-stale';
import { ensureWebAppBuilt } from '@reelay/test-support/app-server';

const BUDGET_BYTES = 200 * 1024;

/** The scripts `index.html` loads at once: its module entry and what it preloads. */
function initialScripts(html: string): string[] {
  const sources = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  return [...sources, ...preloads];
}

describe('the built web app', () => {
  let html = '';
  beforeAll(async () => {
    await ensureWebAppBuilt();
    html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  }, 300_000);

  it('loads at most 200 KB of gzipped JavaScript at first', () => {
    const scripts = initialScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    let total = 0;
    for (const src of scripts) {
      expect(src).toMatch(/^\/app\/assets\/[\w.-]+\.js$/);
      total += gzipSync(readFileSync(join(WEB_DIST, src.slice('/app/'.length))), {
        level: 9,
      }).length;
    }
    console.log(
      `initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (${scripts.join(', ')})`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('loads each page later, as its own chunk', () => {
    const entry = readFileSync(
      join(WEB_DIST, initialScripts(html)[0]!.slice('/app/'.length)),
      'utf8',
    );
    for (const page of ['accounts', 'sign-in', 'not-found']) {
      expect(html).not.toContain(`/${page}-`);
      expect(entry, page).toMatch(new RegExp(`assets/${page}-[\\w-]+\\.js`));
    }
  });

  it('has no inline script or style in index.html', () => {
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle="/);
  });
});
