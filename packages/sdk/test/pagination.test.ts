/**
 * Lists: awaited, one page as the server answers; iterated, every item of every page;
 * collected, only up to a stated cap. Over real HTTP against a scripted list server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Reelay } from '../src';
import { startScriptedServer, type ScriptedServer } from './helpers/scripted-server';

let server: ScriptedServer;
let posts: Array<{ id: string }>;
let reelay: Reelay;

/** Serves `posts` with limit/offset as a Reelay server does (default limit 20). */
function serveList(onServe?: (offset: number) => void) {
  server.fallback = (request, res) => {
    const query = new URL(request.url, server.url).searchParams;
    const limit = Number(query.get('limit') ?? 20);
    const offset = Number(query.get('offset') ?? 0);
    onServe?.(offset);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        success: true,
        total: posts.length,
        posts: posts.slice(offset, offset + limit),
      }),
    );
  };
}

beforeAll(async () => {
  server = await startScriptedServer();
  reelay = new Reelay({ baseUrl: server.url, apiKey: 'rly_live_pagination_key' });
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const makePosts = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `post_${String(index).padStart(3, '0')}` }));

describe('lists', () => {
  it('is one page, exactly as answered, when awaited; fetched once however often awaited', async () => {
    posts = makePosts(45);
    serveList();
    const list = reelay.posts.list({ status: 'scheduled' });
    const page = await list;
    expect(page).toMatchObject({ success: true, total: 45 });
    expect(page.posts).toHaveLength(20);
    await list;
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url).toBe('/v1/posts?status=scheduled&offset=0');
  });

  it('walks every item of every page with for await, 100 a page unless a limit is given', async () => {
    posts = makePosts(230);
    serveList();
    const ids: string[] = [];
    for await (const post of reelay.posts.list()) ids.push(post.id);
    expect(ids).toEqual(posts.map((post) => post.id));
    expect(server.requests.map((request) => request.url)).toEqual([
      '/v1/posts?offset=0&limit=100',
      '/v1/posts?offset=100&limit=100',
      '/v1/posts?offset=200&limit=100',
    ]);
  });

  it('starts at the given offset and keeps the given page size and filters', async () => {
    posts = makePosts(10);
    serveList();
    const ids: string[] = [];
    for await (const post of reelay.posts.list({ offset: 4, limit: 3, kind: 'feed' })) {
      ids.push(post.id);
    }
    expect(ids).toEqual(posts.slice(4).map((post) => post.id));
    expect(server.requests[0]!.url).toBe('/v1/posts?offset=4&limit=3&kind=feed');
  });

  it('yields each item once when a new item shifts the pages mid-walk', async () => {
    posts = makePosts(6);
    // Newest first: a post created after the first page pushes everything one place down.
    serveList((offset) => {
      if (offset === 3) posts.unshift({ id: 'post_new' });
    });
    const ids: string[] = [];
    for await (const post of reelay.posts.list({ limit: 3 })) ids.push(post.id);
    expect(ids).toEqual(['post_000', 'post_001', 'post_002', 'post_003', 'post_004', 'post_005']);
  });

  it('stops on an empty list without a second request', async () => {
    posts = [];
    serveList();
    const ids: string[] = [];
    for await (const post of reelay.posts.list()) ids.push(post.id);
    expect(ids).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('lets a loop break early without fetching further pages', async () => {
    posts = makePosts(500);
    serveList();
    for await (const post of reelay.posts.list({ limit: 10 })) {
      if (post.id === 'post_003') break;
    }
    expect(server.requests).toHaveLength(1);
  });

  it('collects to an array only up to max, and fetches no more than needed', async () => {
    posts = makePosts(500);
    serveList();
    const first = await reelay.posts.list({ limit: 50 }).toArray({ max: 120 });
    expect(first).toHaveLength(120);
    expect(first.at(-1)!.id).toBe('post_119');
    expect(server.requests).toHaveLength(3);
  });

  it('refuses to collect without a cap', async () => {
    const list = reelay.posts.list();
    await expect(list.toArray(undefined as never)).rejects.toThrow(/max/);
    await expect(list.toArray({ max: 0 })).rejects.toThrow(TypeError);
    await expect(list.toArray({ max: 2.5 })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });

  it('walks pages too', async () => {
    posts = makePosts(25);
    serveList();
    const totals: number[] = [];
    for await (const page of reelay.posts.list({ limit: 10 }).pages())
      totals.push(page.posts.length);
    expect(totals).toEqual([10, 10, 5]);
  });
});
