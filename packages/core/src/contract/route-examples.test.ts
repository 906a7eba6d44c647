import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi/build-openapi-document';
import { exampleContentType } from './example-values';
import { routeErrorCodes, type RouteDefinition } from './route';
import { ROUTES, routes } from './routes';

/** What the server receives: query values are strings. */
const asQuery = (query: Readonly<Record<string, unknown>> = {}) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)]));

function problems(route: RouteDefinition): string[] {
  const found: string[] = [];
  const examples = Object.entries(route.examples);
  if (examples.length === 0) found.push('no example');
  const { params, query, body } = route.request;
  for (const [name, example] of examples) {
    if (params && !params.safeParse(example.params ?? {}).success) found.push(`${name}: params`);
    if (!params && example.params) found.push(`${name}: params the route does not take`);
    if (query && !query.safeParse(asQuery(example.query)).success) found.push(`${name}: query`);
    if (!query && example.query) found.push(`${name}: a query the route does not take`);
    if (example.body !== undefined) {
      const type = exampleContentType(route, example);
      const schema = body?.[type];
      if (!schema) found.push(`${name}: a ${type} body the route does not take`);
      // A form's file is a name in the example; the example test sends a real file.
      else if (type !== 'multipart/form-data' && !schema.safeParse(example.body).success)
        found.push(`${name}: body`);
    } else if (body && !route.request.bodyOptional) found.push(`${name}: no body`);
    if (example.answers) {
      if (!routeErrorCodes(route).includes(example.answers))
        found.push(`${name}: answers ${example.answers}, which the route does not document`);
      if (example.answers === 'VALIDATION_ERROR' || example.answers.startsWith('FST_'))
        found.push(`${name}: an example must be a valid request`);
    }
  }
  return found;
}

describe('request examples in the contract table', () => {
  it('every route has at least one, valid against its own schemas', () => {
    const broken = ROUTES.flatMap((route) => problems(route).map((p) => `${route.id}: ${p}`));
    expect(broken).toEqual([]);
  });

  it('finds a route without examples, and an example its schema refuses', () => {
    expect(problems({ ...routes.getPost, examples: {} })).toEqual(['no example']);
    expect(
      problems({
        ...routes.createProfile,
        examples: { vazio: { summary: 'sem nome', body: { name: '' } } },
      }),
    ).toEqual(['vazio: body']);
    expect(
      problems({
        ...routes.getPost,
        examples: { x: { summary: 'x', params: { id: '' }, answers: 'VALIDATION_ERROR' } },
      }),
    ).toEqual(['x: params', 'x: an example must be a valid request']);
  });

  it('reach the OpenAPI document on bodies and parameters', () => {
    const document = buildOpenApiDocument() as any;
    const create = document.paths['/v1/posts'].post.requestBody.content['application/json'];
    expect(Object.keys(create.examples)).toEqual(['agora', 'fila']);
    expect(create.examples.agora.value).toEqual(routes.createPost.examples.agora.body);
    const upload = document.paths['/v1/media'].post.requestBody.content;
    expect(Object.keys(upload['multipart/form-data'].examples)).toEqual(['arquivo']);
    expect(Object.keys(upload['application/json'].examples)).toEqual(['url']);
    const getPost = document.paths['/v1/posts/{id}'].get.parameters;
    expect(getPost.find((p: any) => p.name === 'id').example).toBe(
      routes.getPost.examples.ler.params.id,
    );
    const list = document.paths['/v1/posts'].get.parameters;
    expect(list.find((p: any) => p.name === 'status').example).toBe('scheduled');
  });
});
