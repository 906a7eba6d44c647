/**
 * Paginated lists (spec §8 "Pagination": `limit`, `offset`, `total`). A list call
 * returns a {@link PageList}: awaited, it is one page exactly as the server answered;
 * iterated with `for await`, it walks every item of every page.
 */

/** Fetches one page at an offset with a page size. */
export type FetchPage<Page> = (query: {
  offset: number;
  limit: number | undefined;
}) => Promise<Page>;

/** Page size used when iterating without a `limit`: the largest the server allows. */
export const ITERATION_PAGE_SIZE = 100;

/**
 * Options of `PageList.toArray()`.
 *
 * @example
 * ```ts
 * await reelay.posts.list().toArray({ max: 500 } satisfies ToArrayOptions);
 * ```
 */
export interface ToArrayOptions {
  /** Most items to collect; required, so a list that grows cannot exhaust memory. */
  max: number;
}

/**
 * One page when awaited, every item when iterated.
 *
 * @example
 * ```ts
 * const first = await reelay.posts.list({ limit: 20 }); // { success, total, posts }
 * for await (const post of reelay.posts.list({ status: 'scheduled' })) console.log(post.id);
 * const recent = await reelay.posts.list().toArray({ max: 500 });
 * ```
 */
export class PageList<Item, Page> implements PromiseLike<Page>, AsyncIterable<Item> {
  readonly #fetchPage: FetchPage<Page>;
  readonly #itemsKey: string;
  readonly #offset: number;
  readonly #limit: number | undefined;
  #first: Promise<Page> | undefined;

  constructor(
    fetchPage: FetchPage<Page>,
    itemsKey: string,
    query: { offset?: number | undefined; limit?: number | undefined } = {},
  ) {
    this.#fetchPage = fetchPage;
    this.#itemsKey = itemsKey;
    this.#offset = query.offset ?? 0;
    this.#limit = query.limit;
  }

  /** The page asked for, fetched once however many times it is awaited. */
  then<Result1 = Page, Result2 = never>(
    onFulfilled?: ((page: Page) => Result1 | PromiseLike<Result1>) | null,
    onRejected?: ((reason: unknown) => Result2 | PromiseLike<Result2>) | null,
  ): Promise<Result1 | Result2> {
    this.#first ??= this.#fetchPage({ offset: this.#offset, limit: this.#limit });
    return this.#first.then(onFulfilled, onRejected);
  }

  /**
   * Every page from the requested offset on, one request each.
   *
   * @example
   * ```ts
   * for await (const page of reelay.posts.list({ limit: 100 }).pages()) console.log(page.total);
   * ```
   */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    const limit = this.#limit ?? ITERATION_PAGE_SIZE;
    let offset = this.#offset;
    for (;;) {
      const page = await this.#fetchPage({ offset, limit });
      yield page;
      const items = this.#itemsOf(page);
      const total = (page as { total?: unknown }).total;
      offset += items.length;
      if (items.length === 0 || items.length < limit) return;
      if (typeof total === 'number' && offset >= total) return;
    }
  }

  /**
   * Every item of every page. Offsets shift when items are created meanwhile (newest
   * first), so an item seen on one page and again on the next is yielded once.
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const seen = new Set<unknown>();
    for await (const page of this.pages()) {
      for (const item of this.#itemsOf(page)) {
        const id = (item as { id?: unknown } | null)?.id;
        if (id !== undefined) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        yield item;
      }
    }
  }

  /**
   * Collects items into an array, stopping at `max`.
   *
   * @example
   * ```ts
   * const failed = await reelay.posts.list({ status: 'failed' }).toArray({ max: 1000 });
   * ```
   */
  async toArray(options: ToArrayOptions): Promise<Item[]> {
    const max = options?.max;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) {
      throw new TypeError(
        'toArray({ max }) exige um limite: um inteiro positivo com o máximo de itens a coletar.',
      );
    }
    const items: Item[] = [];
    for await (const item of this) {
      items.push(item);
      if (items.length >= max) break;
    }
    return items;
  }

  #itemsOf(page: Page): Item[] {
    const items = (page as Record<string, unknown>)[this.#itemsKey];
    return Array.isArray(items) ? (items as Item[]) : [];
  }
}
