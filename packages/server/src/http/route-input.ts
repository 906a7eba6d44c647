/**
 * A route's input, parsed with its contract schemas: path parameters, query and body.
 * Errors are the spec §7 `VALIDATION_ERROR`, naming the field.
 */
import type { Request } from 'polka';
import { parseInput, type BodyContentType, type RouteDefinition } from '@reelay/core';
import { parseRequestBody } from './request-body';

/** The parsed input a handler receives. */
export interface RouteInputValues {
  params: unknown;
  query: unknown;
  body: unknown;
}

/** How many distinct query strings a route keeps parsed (list pages repeat a few). */
const QUERY_MEMORY = 64;

const isPlain = (value: unknown) => value === null || typeof value !== 'object';

/**
 * Parses a query string as its route's schema does, keeping the last answers: a list page
 * is asked for with the same few query strings again and again. The query schemas are
 * pure (the same text always parses the same), and only answers made of plain values
 * are kept, each caller getting its own copy, so no caller sees another's changes.
 *
 * @example
 * ```ts
 * const readQuery = queryReader(listPostsQuerySchema);
 * readQuery(req); // { limit: 20, offset: 0, sort: 'desc' } for `?limit=20`
 * ```
 */
export function queryReader(schema: NonNullable<RouteDefinition['request']['query']>) {
  const known = new Map<string, Record<string, unknown>>();
  return (req: Request): Record<string, unknown> => {
    const search = req.search ?? '';
    const kept = known.get(search);
    if (kept) return { ...kept };
    const parsed = parseInput(schema, req.query ?? {}, 'query') as Record<string, unknown>;
    if (Object.values(parsed).every(isPlain)) {
      if (known.size >= QUERY_MEMORY) known.delete(known.keys().next().value!);
      known.set(search, { ...parsed });
    }
    return parsed;
  };
}

/**
 * The input reader of a route, made once when the route is mounted.
 *
 * @example
 * ```ts
 * const readInput = inputReader(route);
 * const { params, query, body } = await readInput(req);
 * ```
 */
export function inputReader(route: RouteDefinition): (req: Request) => Promise<RouteInputValues> {
  const { params, query, body } = route.request;
  const readQuery = query ? queryReader(query) : () => ({});
  const accepted = body ? (Object.keys(body) as BodyContentType[]) : [];
  return async (req) => {
    const input: RouteInputValues = {
      params: params ? parseInput(params, req.params, 'path') : {},
      query: readQuery(req),
      body: undefined,
    };
    if (body) {
      const parsed = await parseRequestBody(req, accepted);
      const contentType = parsed.contentType ?? accepted[0]!;
      input.body =
        contentType === 'multipart/form-data'
          ? parsed.value
          : parseInput(
              body[contentType]!,
              parsed.value,
              contentType === 'application/json' ? 'body' : 'form',
            );
    }
    return input;
  };
}
