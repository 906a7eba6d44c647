import type { EmulatorContext } from '../emulator-context';
import { GraphError } from '../graph-error';
import type { FieldRequest } from '../http/fields';

/** Reads one field of an object; `undefined` leaves the field out, as Graph does. */
export type FieldReader<T> = (
  item: T,
  ctx: EmulatorContext,
  sub: readonly FieldRequest[],
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
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = requested.length === 0 ? [{ name: 'id', fields: [] }] : requested;
  for (const field of fields) {
    const read = Object.hasOwn(type.fields, field.name) ? type.fields[field.name] : undefined;
    if (!read) {
      throw new GraphError({
        message: `(#100) Tried accessing nonexisting field (${field.name}) on node type (${type.name})`,
        code: 100,
      });
    }
    const value = read(item, ctx, field.fields);
    if (value !== undefined) out[field.name] = value;
  }
  if (!('id' in out) && type.fields.id) out.id = type.fields.id(item, ctx, []);
  return out;
}

/** An edge as Graph nests it: `{ "data": [ …nodes ] }`. */
export function renderEdge<T>(
  type: NodeType<T>,
  items: readonly T[],
  ctx: EmulatorContext,
  requested: readonly FieldRequest[],
): { data: Record<string, unknown>[] } {
  return { data: items.map((item) => renderNode(type, item, ctx, requested)) };
}
