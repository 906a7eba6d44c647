/**
 * `@reelay/mcp`: a Model Context Protocol server over the Reelay API, so an AI assistant
 * can list accounts, upload media and publish or schedule posts with the caller's own
 * credential. Its tools are generated from the API contract: one per route that opts in,
 * with the route's schemas, description and annotations. Serve it over stdio
 * (`reelay mcp`) or Streamable HTTP (a Reelay server's `/mcp`).
 *
 * @example
 * ```ts
 * import { Reelay } from '@reelay/sdk';
 * import { serveStdio } from '@reelay/mcp';
 *
 * const client = new Reelay({ apiKey: process.env.REELAY_API_KEY!, baseUrl: 'https://reelay.example.com' });
 * await serveStdio({ client, localFiles: true });
 * ```
 */
export {
  createReelayMcpServer,
  SERVER_INSTRUCTIONS,
  type ReelayMcpServerOptions,
  type McpLogger,
} from './create-server';
export {
  serveStdio,
  handleMcpHttpRequest,
  answerMethodNotAllowed,
  type StdioOptions,
} from './transports';
export { toolCatalogue, LOCAL_MEDIA_EXTENSIONS, type ToolSpec, type ToolHints } from './tools';
export { canonicalJson, derivedIdempotencyKey } from './idempotency';
export { describeFailure, type ToolFailure } from './tool-results';
export { inZone, describeTime, type CurrentTime, type TimeSource } from './server-time';
