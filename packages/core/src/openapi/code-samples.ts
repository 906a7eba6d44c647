/**
 * The `x-codeSamples` of each operation: the call with the TypeScript SDK and the `reelay`
 * command that reaches the route. Reference viewers (Scalar, Redoc) show them next to the
 * request they generate themselves, such as curl.
 */
import type { RouteDefinition } from '../contract/route';
import { CODE_SAMPLE_SOURCES } from './code-sample-table';

/** One entry of `x-codeSamples`. */
export interface CodeSample {
  /** Syntax of the source, for highlighting. */
  lang: string;
  /** The tab's name. */
  label: string;
  source: string;
}

/** The server written into samples when the document is built without one. */
export const SAMPLE_SERVER_URL = 'https://reelay.example.com';

/** How a sample builds its client, by who may call the route. */
function clientLines(route: RouteDefinition, serverUrl: string): string {
  const baseUrl = `baseUrl: '${serverUrl.replace(/[\\']/g, '\\$&')}'`;
  const credential = {
    key: 'apiKey: process.env.REELAY_API_KEY!',
    bearer: 'accessToken: process.env.REELAY_ACCESS_TOKEN!',
    public: null,
  }[route.auth];
  return credential
    ? `const reelay = new Reelay({\n  ${credential},\n  ${baseUrl},\n});`
    : `const reelay = new Reelay({ ${baseUrl} });`;
}

/**
 * The code samples of one route: the SDK call when the SDK has a method for it, the CLI
 * command when one calls it; none for a route absent from the generated table (a route
 * just added, before `pnpm docs:generate`).
 *
 * @example
 * ```ts
 * codeSamplesFor(routes.getPost, 'https://reelay.example.com').map((sample) => sample.label);
 * // ['SDK TypeScript', 'CLI']
 * ```
 */
export function codeSamplesFor(
  route: RouteDefinition,
  serverUrl: string = SAMPLE_SERVER_URL,
): CodeSample[] {
  const sources = CODE_SAMPLE_SOURCES[route.id];
  const samples: CodeSample[] = [];
  if (sources?.sdk) {
    // An example that makes its own client (sign-up, before any credential) keeps it.
    const client = /\bnew Reelay\(/.test(sources.sdk)
      ? sources.sdk.replaceAll(SAMPLE_SERVER_URL, serverUrl)
      : `${clientLines(route, serverUrl)}\n${sources.sdk}`;
    samples.push({
      lang: 'typescript',
      label: 'SDK TypeScript',
      source: `import { Reelay } from '@reelay/sdk';\n\n${client}\n`,
    });
  }
  if (sources?.cli) samples.push({ lang: 'shell', label: 'CLI', source: `${sources.cli}\n` });
  return samples;
}
