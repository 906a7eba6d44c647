import type { EmulatorContext } from '../emulator-context';
import { GraphError } from '../graph-error';
import type { FieldRequest } from '../http/fields';
import type { Caller } from '../oauth/tokens';

/**
 * The request a node is rendered for: who asks, and the address and token the
 * `paging.next` links of its edges repeat.
 */
export interface RenderScope {
  readonly caller: Caller;
  /** Where the request came, up to the version: `http://127.0.0.1:8090/facebook/v25.0`. */
  readonly base: string;
  readonly token: string | undefined;
}

/** What a field reader knows beyond its object: the field's modifiers and the request. */
export interface FieldContext {
  readonly args: Readonly<Record<string, string>>;
  readonly scope: RenderScope | undefined;
}

/** Reads one field of an object; `undefined` leaves the field out, as Graph does. */
export type FieldReader<T> = (
  item: T,
  ctx: EmulatorContext,
  sub: readonly FieldRequest[],
  field: FieldContext,
) => unknown;

/** A Graph node type: its name (for error messages) and the fields it knows. */
export interface NodeType<T> {
  readonly name: string;
  readonly fields: Readonly<Record<string, FieldReader<T>>>;
}

/**
 * Renders the requested fields of an object. Without `fields` only `id` comes back; an
 * unknown field is Graph's `(#100) Tried accessing nonexisting field`; and `id` is added
 * when not asked for, as Graph always does.
 */
export function renderNode<T>(
  type: NodeType<T>,
  item: T,
  ctx: EmulatorContext,
  requested: readonly FieldRequest[],
  scope?: RenderScope,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = requested.length === 0 ? [{ name: 'id', fields: [] }] : requested;
  for (const field of fields) {
    const read = Object.hasOwn(type.fields, field.name) ? type.fields[field.name] : undefined;
    if (!read) throw nonexistingField(type.name, field.name);
    const value = read(item, ctx, field.fields, { args: field.args ?? {}, scope });
    if (value !== undefined) out[field.name] = value;
  }
  if (!('id' in out) && type.fields.id) out.id = type.fields.id(item, ctx, [], { args: {}, scope });
  return out;
}

/** `(#100) Tried accessing nonexisting field (x) on node type (T)`. */
export function nonexistingField(typeName: string, name: string): GraphError {
  return new GraphError({
    message: `(#100) Tried accessing nonexisting field (${name}) on node type (${typeName})`,
    code: 100,
  });
}

/** An edge as Graph nests it: `{ "data": [ …nodes ] }`. */
export function renderEdge<T>(
  type: NodeType<T>,
  items: readonly T[],
  ctx: EmulatorContext,
  requested: readonly FieldRequest[],
  scope?: RenderScope,
): { data: Record<string, unknown>[] } {
  return { data: items.map((item) => renderNode(type, item, ctx, requested, scope)) };
}
