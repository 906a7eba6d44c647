/**
 * The action of a command generated for a route the command table does not name: it
 * sends the route's request with the context's credential and prints the answer as JSON,
 * so a route added to the contract is usable from the CLI before it has a command of its
 * own.
 */
import type { OptionValues } from '@commander-js/extra-typings';
import { CliError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import type { RouteFacts } from '../route-facts';
import { loadSettings } from '../settings';

/** The option attribute of a field, as commander names it (`onlyScheduledPosts`). */
const attributeOf = (field: string) => field;

/**
 * Calls one route: path parameters from the arguments, the fields from the options (the
 * query of a GET or DELETE, the JSON body otherwise).
 *
 * @example
 * ```ts
 * await callRoute('archivePost', ROUTE_FACTS.archivePost!, ['post_01…'], { reason: 'old' }, ctx);
 * ```
 */
export async function callRoute(
  routeId: string,
  facts: RouteFacts,
  args: readonly string[],
  options: OptionValues,
  ctx: CommandContext,
): Promise<void> {
  const settings = await loadSettings(ctx.global);
  // Renews the session and settles the project, as every project command does.
  await projectClient(settings);
  let path = facts.path;
  facts.params.forEach((param, index) => {
    path = path.replace(`{${param}}`, encodeURIComponent(args[index] ?? ''));
  });
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(facts.fields)) {
    const value = options[attributeOf(name)];
    if (value !== undefined) fields[name] = value;
  }
  const inQuery = facts.method === 'GET' || facts.method === 'DELETE';
  const url = new URL(settings.server.replace(/\/$/, '') + path);
  if (inQuery)
    for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = settings.apiKey
    ? { 'x-access-key': settings.apiKey }
    : {
        authorization: `Bearer ${settings.accessToken ?? ''}`,
        ...(settings.project ? { 'x-project-id': settings.project } : {}),
      };
  const response = await fetch(url, {
    method: facts.method,
    headers: inQuery ? headers : { ...headers, 'content-type': 'application/json' },
    ...(inQuery ? {} : { body: JSON.stringify(fields) }),
  });
  const text = await response.text();
  const answer: unknown = text ? JSON.parse(text) : { success: response.ok };
  if (!response.ok) {
    const error = (answer as { error?: { code?: string; message?: string } }).error;
    throw new CliError('failure', error?.message ?? `${response.status} ${routeId}`, {
      code: error?.code ?? 'HTTP_ERROR',
    });
  }
  ctx.out.result(answer, () => `${JSON.stringify(answer, null, 2)}\n`);
}
