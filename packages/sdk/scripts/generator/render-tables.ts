/**
 * The small runtime tables: route metadata (`routes.ts`), the route-to-method table
 * (`route-methods.ts`), error codes and retry classes (`errors.ts`) and webhook constants
 * (`webhooks.ts`).
 */
import { HTTP_ERRORS, TARGET_ONLY_ERRORS } from '@reelay/core/errors';
import type { OpenApiDocumentJson, RouteModel } from './contract-model';
import { GENERATED_HEADER } from './header';
import { docComment } from './json-schema-to-ts';

/** The exported constant holding a route's metadata: `createPost` gives `createPostRoute`. */
export const routeConstant = (route: RouteModel) => `${route.id}Route`;

const AUTH_TEXT = {
  key: 'an API key, or a Bearer token with `projectId`',
  bearer: 'a Bearer token only',
  public: 'no credential',
} as const;

/** How a route is called, for JSDoc: `` `POST /v1/posts` with an API key, … ``. */
export function callLine(route: RouteModel): string {
  return `\`${route.definition.method} ${route.definition.path}\`, with ${AUTH_TEXT[route.definition.auth]}.`;
}

/**
 * Renders `routes.ts`: one constant per route the SDK calls, so bundlers keep only the
 * routes an application uses.
 */
export function renderRoutes(routes: readonly RouteModel[]): string {
  const out = [GENERATED_HEADER, "import type { RouteMeta } from '../client/route';\n"];
  for (const route of routes.filter((candidate) => candidate.sdk)) {
    const meta: Record<string, unknown> = {
      id: route.id,
      method: route.definition.method,
      path: route.definition.path,
      auth: route.definition.auth,
      bodyTypes: Object.keys(route.bodies),
    };
    if (route.itemsKey) meta.itemsKey = route.itemsKey;
    if (route.idempotent) meta.idempotent = true;
    out.push(
      `${docComment([`${callLine(route)} ${route.definition.summary}.`])}export const ${routeConstant(route)} = ${JSON.stringify(meta)} as const satisfies RouteMeta;\n`,
    );
  }
  return out.join('\n');
}

/** Renders `route-methods.ts`: every contract route and its SDK method, or why none. */
export function renderRouteMethods(routes: readonly RouteModel[]): string {
  const rows = routes.map((route) =>
    route.sdk
      ? `  ${route.id}: { method: ${JSON.stringify(`${route.sdk.resource}.${route.sdk.name}`)} },`
      : `  ${route.id}: { excluded: ${JSON.stringify(route.excludedBecause)} },`,
  );
  return `${GENERATED_HEADER}
/**
 * Every route of the contract and the SDK method that calls it (\`resource.method\`), or
 * why it has none. The route-coverage test checks this table against the contract and
 * against the client.
 */
export const ROUTE_METHODS = {
${rows.join('\n')}
} as const satisfies Record<string, { method: string } | { excluded: string }>;

export type ContractRouteId = keyof typeof ROUTE_METHODS;
`;
}

/** Renders `errors.ts`: every code of the catalogue and its retry class, without messages. */
export function renderErrors(): string {
  const httpCodes = Object.keys(HTTP_ERRORS);
  const targetCodes = Object.keys(TARGET_ONLY_ERRORS);
  return `${GENERATED_HEADER}
/**
 * What a client should do with an error (spec §7 "Retry guidance"): retry later unchanged
 * (\`safe\`), fix the request first (\`do-not-retry\`), or have a person act
 * (\`needs-user-action\`).
 *
 * @example
 * \`\`\`ts
 * if (error.retry === 'needs-user-action') notifyOwner(error);
 * \`\`\`
 */
export type RetryClass = 'safe' | 'do-not-retry' | 'needs-user-action';

/**
 * Every code Reelay answers over HTTP, in the spec §7 envelope.
 *
 * @example
 * \`\`\`ts
 * const reconnect: HttpErrorCode[] = ['TOKEN_INVALID', 'PERMISSION_REQUIRED'];
 * \`\`\`
 */
export type HttpErrorCode = ${httpCodes.map((code) => JSON.stringify(code)).join(' | ')};

/**
 * Every code a post target's \`errorCode\` may hold: the HTTP codes and ${targetCodes.map((code) => `\`${code}\``).join(', ')}.
 *
 * @example
 * \`\`\`ts
 * const failed = post.platforms.filter((target) => (target.errorCode as TargetErrorCode | null) === 'PUBLISH_UNCONFIRMED');
 * \`\`\`
 */
export type TargetErrorCode = HttpErrorCode | ${targetCodes.map((code) => JSON.stringify(code)).join(' | ')};

/** The retry class of every HTTP code. */
export const RETRY_CLASSES: Readonly<Record<HttpErrorCode, RetryClass>> = {
${Object.entries(HTTP_ERRORS)
  .map(([code, error]) => `  ${code}: ${JSON.stringify(error.retry)},`)
  .join('\n')}
};

/** The retry class of the codes only a target's \`errorCode\` holds. */
export const TARGET_ONLY_RETRY_CLASSES: Readonly<Record<Exclude<TargetErrorCode, HttpErrorCode>, RetryClass>> = {
${Object.entries(TARGET_ONLY_ERRORS)
  .map(([code, error]) => `  ${code}: ${JSON.stringify(error.retry)},`)
  .join('\n')}
};
`;
}

/** Renders `webhooks.ts`: the payload version and event types of spec §6. */
export function renderWebhookConstants(document: OpenApiDocumentJson): string {
  const types = Object.keys(document.webhooks);
  const versions = new Set(
    Object.values(document.webhooks).map(
      (item) =>
        item.post.requestBody?.content['application/json']?.schema.properties?.version?.const,
    ),
  );
  if (versions.size !== 1) throw new Error('webhook payloads disagree on their version');
  return `${GENERATED_HEADER}
/**
 * The \`version\` of every webhook payload (spec §6).
 *
 * @example
 * \`\`\`ts
 * if (event.version !== WEBHOOK_PAYLOAD_VERSION) console.warn('newer payload version', event.version);
 * \`\`\`
 */
export const WEBHOOK_PAYLOAD_VERSION = ${JSON.stringify([...versions][0])};

/**
 * The events a subscription can receive (spec §6).
 *
 * @example
 * \`\`\`ts
 * await reelay.notifications.create({ eventTypes: [...WEBHOOK_EVENT_TYPES], webhook: { url } });
 * \`\`\`
 */
export const WEBHOOK_EVENT_TYPES = ${JSON.stringify(types)} as const;
`;
}
