import { describe, expect, it } from 'vitest';
import { ROUTES } from '../contract/routes';
import { buildLlmsIndex } from './build-llms-index';

describe('buildLlmsIndex', () => {
  const short = buildLlmsIndex({ serverUrl: 'https://reelay.example.com' });
  const full = buildLlmsIndex({ serverUrl: 'https://reelay.example.com', full: true });

  it('follows the llms.txt shape: a title, a summary, then sections', () => {
    expect(short.startsWith('# Reelay API\n\n> ')).toBe(true);
    expect(short).toContain('## Docs');
    expect(short).toContain('(https://reelay.example.com/openapi.json)');
    expect(short).toContain('(https://reelay.example.com/llms-full.txt)');
  });

  it('lists every route of the contract, and the full variant describes each one', () => {
    for (const route of ROUTES) {
      expect(short, route.id).toContain(`${route.method} ${route.path}`);
      expect(full, route.id).toContain(`### ${route.method} ${route.path}`);
      expect(full, route.id).toContain(`Operation: \`${route.id}\``);
    }
  });

  it('gives the full variant the schemas of bodies and answers', () => {
    const start = full.indexOf('### POST /v1/posts\n');
    const createPost = full.slice(start, full.indexOf('\n### ', start + 1));
    expect(createPost).toContain('"scheduledFor"');
    expect(createPost).toContain('"idempotencyKey"');
    expect(createPost).toMatch(/- 201: .*"post"/);
    expect(createPost).toContain('`RATE_LIMIT_ACCOUNT`');
    expect(short).not.toContain('"idempotencyKey"');
  });

  it('names the MCP endpoint and the tool of every route that has one', () => {
    expect(short).toContain('`https://reelay.example.com/mcp`');
    for (const route of ROUTES.filter((entry) => entry.mcp)) {
      expect(short, route.id).toContain(`\`${route.mcp!.tool}\``);
    }
    expect(short).toContain('`current_time`');
    expect(short).toContain('`reelay mcp`');
  });

  it('explains the webhook signature and every error code', () => {
    expect(short).toContain('`<timestamp>.<raw body>`');
    expect(short).toContain('`POST_NOT_CANCELLABLE` (409');
    expect(short).toContain('`PUBLISH_UNCONFIRMED` (per target only');
  });
});
