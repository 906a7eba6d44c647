/**
 * `src/generated/resources/*.ts`: one class per resource with one method per route, and
 * `ReelayResources`, the set of them that `Reelay` extends. The shape of each method
 * follows the route: path parameters first, then the body or the query, then options;
 * paginated lists return a `PageList`, routes taking `multipart/form-data` take a
 * `MediaSource`.
 */
import { SDK_RESOURCES } from '../sdk-methods';
import { positionalParams, type RouteModel } from './contract-model';
import { GENERATED_HEADER } from './header';
import { docComment } from './json-schema-to-ts';
import { callLine, routeConstant } from './render-tables';
import { typeNames } from './render-types';

/** The id prefix (spec §2) of a path argument, for its JSDoc. */
const ID_PREFIX_BY_ARGUMENT: Readonly<Record<string, string>> = {
  postId: 'post',
  profileId: 'prf',
  accountId: 'int',
  integrationId: 'int',
  projectId: 'proj',
  organizationId: 'org',
  keyId: 'key',
  notificationId: 'ntf',
  mediaId: 'med',
};

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The class of a resource: `posts` gives `PostsResource`. */
export const resourceClass = (resource: string) => `${pascal(resource)}Resource`;

/** The file of a resource: `apiKeys` gives `api-keys`. */
export const resourceFile = (resource: string) =>
  resource.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function fallbackExample(route: RouteModel, args: string[]): string {
  const sdk = route.sdk!;
  const call = `reelay.${sdk.resource}.${sdk.name}(${args.join(', ')})`;
  return route.itemsKey
    ? `for await (const item of ${call}) console.log(item);`
    : `const answer = await ${call};`;
}

interface RenderedMethod {
  source: string;
  usesPageList: boolean;
  usesUpload: boolean;
}

function renderMethod(route: RouteModel): RenderedMethod {
  const sdk = route.sdk!;
  const T = (part: Parameters<typeof typeNames.route>[1]) => `T.${typeNames.route(route, part)}`;
  const positional = positionalParams(route);
  const defaults = Object.entries(sdk.paramDefaults ?? {});
  const upload = 'multipart/form-data' in route.bodies;
  const jsonBody = 'application/json' in route.bodies;
  const hasQuery = route.queryParams.length > 0;
  const queryRequired = route.queryParams.some((param) => param.required);
  const params = [
    ...positional.map(({ param, argument }) =>
      param === argument ? argument : `${JSON.stringify(param)}: ${argument}`,
    ),
    ...defaults.map(([param]) => param),
  ];
  const args = positional.map(({ argument }) => `${argument}: string`);
  const exampleArgs = positional.map(({ argument }) => argument);
  const docParams = positional.map(({ param, argument }) => {
    const prefix = ID_PREFIX_BY_ARGUMENT[argument];
    const described = route.pathParams.find((candidate) => candidate.name === param)?.description;
    return `@param ${argument} - ${described ?? (prefix ? `Id \`${prefix}_…\`.` : `The \`${param}\` of the path.`)}`;
  });
  const preamble: string[] = [];
  const input: string[] = [];
  if (params.length > 0) input.push(`params: { ${params.join(', ')} }`);
  let optionsType = 'RequestOptions';

  if (defaults.length > 0 && (jsonBody || upload)) {
    throw new Error(`${route.id}: parameter defaults are only supported on routes without a body`);
  }
  if (upload) {
    args.push('source: MediaSource');
    exampleArgs.push("'./cafe.jpg'");
    docParams.push(
      '@param source - A file path, a Blob or File, bytes, a stream, or `{ url }` to import.',
    );
    optionsType = 'UploadOptions';
  } else if (jsonBody && hasQuery) {
    args.push(
      `input: { body${route.bodyOptional ? '?' : ''}: ${T('Body')}; query?: ${T('Query')} }`,
    );
    input.push('body: input.body', 'query: input.query');
  } else if (jsonBody) {
    args.push(`body${route.bodyOptional ? '?' : ''}: ${T('Body')}`);
    input.push('body');
  } else if (hasQuery || defaults.length > 0) {
    const defaultFields = defaults.map(([param]) => `${param}?: string`).join('; ');
    const type = hasQuery
      ? defaults.length > 0
        ? `${T('Query')} & { ${defaultFields} }`
        : T('Query')
      : `{ ${defaultFields} }`;
    if (defaults.length > 0) {
      args.push(`query: ${type} = {}`);
      preamble.push(
        `const { ${defaults.map(([param, value]) => `${param} = ${JSON.stringify(value)}`).join(', ')}, ...rest } = query;`,
      );
      input.push('query: rest');
      docParams.push(
        `@param query - ${defaults.map(([param, value]) => `\`${param}\` defaults to \`${value}\``).join('; ')}.`,
      );
    } else {
      args.push(`query${queryRequired ? '' : '?'}: ${type}`);
      input.push('query');
    }
  }
  args.push(`options?: ${optionsType}`);

  const response = T('Response');
  const constant = routeConstant(route);
  const inputObject = `{ ${input.join(', ')} }`;
  let returnType: string;
  let call: string;
  if (upload) {
    returnType = `Promise<${response}>`;
    call = `this.#client.upload<${response}>(${constant}, ${inputObject}, source, options)`;
  } else if (route.itemsKey) {
    returnType = `PageList<${response}[${JSON.stringify(route.itemsKey)}][number], ${response}>`;
    call = `this.#client.list(${constant}, ${inputObject}, options)`;
  } else {
    returnType = `Promise<${response}>`;
    call = `this.#client.request<${response}>(${constant}, ${inputObject}, options)`;
  }

  const lines = [`${route.definition.summary}.`, '', route.definition.description, ''];
  lines.push(`${callLine(route)} Answers ${route.successes.map((s) => s.status).join(' or ')}.`);
  lines.push(`Errors: ${route.errorCodes.map((code) => `\`${code}\``).join(', ')}.`);
  if (route.itemsKey) {
    lines.push(
      'Awaited, this is one page as the server answers it; iterated with `for await`, every item of every page; `.toArray({ max })` collects up to `max` items.',
    );
  }
  if (sdk.note) lines.push(sdk.note);
  lines.push(
    '',
    ...docParams,
    '@param options - Signal, timeout, retries and headers of this call.',
  );
  const example = sdk.example || fallbackExample(route, exampleArgs);
  lines.push('@example', '```ts', ...example.split('\n'), '```');

  const body = [...preamble, `return ${call};`].map((line) => `    ${line}`).join('\n');
  return {
    source: `${docComment(lines, '  ')}  ${sdk.name}(${args.join(', ')}): ${returnType} {\n${body}\n  }\n`,
    usesPageList: route.itemsKey !== null,
    usesUpload: upload,
  };
}

/** Routes grouped by resource, in contract order. */
export function byResource(routes: readonly RouteModel[]): Map<string, RouteModel[]> {
  const groups = new Map<string, RouteModel[]>();
  for (const route of routes) {
    if (!route.sdk) continue;
    groups.set(route.sdk.resource, [...(groups.get(route.sdk.resource) ?? []), route]);
  }
  return groups;
}

function resourceDoc(resource: string): { summary: string; example: string } {
  return (
    SDK_RESOURCES[resource] ?? {
      summary: `The \`${resource}\` routes.`,
      example: `const reelay = new Reelay({ apiKey, baseUrl });\nreelay.${resource};`,
    }
  );
}

/** Renders one resource file. */
export function renderResource(resource: string, routes: readonly RouteModel[]): string {
  const methods = routes.map(renderMethod);
  const doc = resourceDoc(resource);
  const imports = [
    "import type { ResourceClient } from '../../client/http-client';",
    `import type { RequestOptions${methods.some((m) => m.usesUpload) ? ', UploadOptions' : ''} } from '../../client/options';`,
    methods.some((m) => m.usesPageList) ? "import type { PageList } from '../../pagination';" : '',
    methods.some((m) => m.usesUpload) ? "import type { MediaSource } from '../../upload';" : '',
    `import { ${routes.map(routeConstant).join(', ')} } from '../routes';`,
    "import type * as T from '../types';",
  ].filter(Boolean);
  return `${GENERATED_HEADER}${imports.join('\n')}

${docComment([doc.summary, '', `Reached as \`reelay.${resource}\`.`, '', '@example', '```ts', ...doc.example.split('\n'), '```'])}export class ${resourceClass(resource)} {
  readonly #client: ResourceClient;

  constructor(client: ResourceClient) {
    this.#client = client;
  }

${methods.map((method) => method.source).join('\n')}}
`;
}

/** Renders `resources/index.ts`: the class `Reelay` extends, holding every resource. */
export function renderResourceIndex(groups: Map<string, RouteModel[]>): string {
  const resources = [...groups.keys()];
  return `${GENERATED_HEADER}import type { ResourceClient } from '../../client/http-client';
${resources.map((resource) => `import { ${resourceClass(resource)} } from './${resourceFile(resource)}';`).join('\n')}

${resources.map((resource) => `export { ${resourceClass(resource)} } from './${resourceFile(resource)}';`).join('\n')}

${docComment(['Every resource of the API, one property each. `Reelay` extends this class.', '', '@example', '```ts', 'const reelay = new Reelay({ apiKey, baseUrl });', 'await reelay.posts.list();', '```'])}export class ReelayResources {
${resources
  .map(
    (resource) =>
      `${docComment([resourceDoc(resource).summary], '  ')}  readonly ${resource}: ${resourceClass(resource)};`,
  )
  .join('\n')}

  constructor(client: ResourceClient) {
${resources.map((resource) => `    this.${resource} = new ${resourceClass(resource)}(client);`).join('\n')}
  }
}
`;
}
