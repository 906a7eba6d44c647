/**
 * The contract's request examples as OpenAPI `examples`: on each body content type, and on
 * each parameter, so a reference viewer fills a valid request before anyone types.
 */
import { exampleContentType } from '../contract/example-values';
import type { BodyContentType, RouteDefinition } from '../contract/route';

/** An OpenAPI Example Object. */
export interface ExampleObject {
  summary: string;
  value: unknown;
}

/**
 * The body examples of a route by content type, each keyed by the example's name.
 *
 * @example
 * ```ts
 * bodyExamples(routes.createProfile)['application/json']; // { criar: { summary: 'Cria um perfil', value: { name: 'Café Aurora', … } } }
 * ```
 */
export function bodyExamples(
  route: RouteDefinition,
): Partial<Record<BodyContentType, Record<string, ExampleObject>>> {
  const byType: Partial<Record<BodyContentType, Record<string, ExampleObject>>> = {};
  for (const [name, example] of Object.entries(route.examples)) {
    if (example.body === undefined) continue;
    const type = exampleContentType(route, example);
    byType[type] = { ...byType[type], [name]: { summary: example.summary, value: example.body } };
  }
  return byType;
}

interface ParameterObject {
  name: string;
  in: string;
  example?: unknown;
  examples?: Record<string, ExampleObject>;
}

/**
 * Writes the examples' path and query values onto the operation's parameters: one
 * `example` when every example agrees, else `examples` by example name.
 *
 * @example
 * ```ts
 * addParameterExamples(document.paths['/v1/posts/{id}'].get.parameters, routes.getPost);
 * ```
 */
export function addParameterExamples(
  parameters: readonly ParameterObject[] | undefined,
  route: RouteDefinition,
): void {
  for (const parameter of parameters ?? []) {
    const source = parameter.in === 'path' ? 'params' : parameter.in === 'query' ? 'query' : null;
    if (!source) continue;
    const found: Record<string, ExampleObject> = {};
    for (const [name, example] of Object.entries(route.examples)) {
      const value = example[source]?.[parameter.name];
      if (value !== undefined) found[name] = { summary: example.summary, value };
    }
    const values = Object.values(found);
    if (values.length === 0) continue;
    if (values.every((entry) => entry.value === values[0]!.value)) {
      parameter.example = values[0]!.value;
    } else {
      parameter.examples = found;
    }
  }
}
