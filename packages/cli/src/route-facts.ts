/**
 * Plain facts about the contract's routes, as `route-projection.ts` reads them from the
 * zod schemas: what the CLI needs to declare and check flags without loading zod.
 */

import facts from './generated/route-facts.json' with { type: 'json' };

/** One query or body field of a route. */
export interface FieldFacts {
  /** `list` is an array; its `choices` are those of each item. */
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'list' | 'object';
  /** The route refuses a request without it. */
  readonly required: boolean;
  readonly choices?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  /** What the route uses when the field is absent. */
  readonly default?: string | number | boolean;
}

/** One route: how it is called and which fields it takes. */
export interface RouteFacts {
  readonly method: string;
  readonly path: string;
  /** The contract's one-line summary (Portuguese), the help of a command nobody named. */
  readonly summary: string;
  /** Path parameters in order: the positional arguments of its command. */
  readonly params: readonly string[];
  /** Query and body fields by name; nested ones by path (`platforms[].options.kind`). */
  readonly fields: Readonly<Record<string, FieldFacts>>;
}

/**
 * The facts of the contract's routes, by route id, as the generator last wrote them
 * (`pnpm --filter @reelay/cli generate`; a test fails when they are stale).
 *
 * @example
 * ```ts
 * ROUTE_FACTS.listPosts?.fields.limit?.max; // 100
 * ```
 */
export const ROUTE_FACTS: Readonly<Record<string, RouteFacts>> = facts as Record<
  string,
  RouteFacts
>;
