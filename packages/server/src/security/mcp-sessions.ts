/**
 * Session ids of the MCP endpoint. The endpoint keeps no state, so a session id carries
 * none either: a random nonce and an HMAC binding it to the project the session was
 * started in, keyed from the auth secret every instance shares. Any instance can tell
 * whether a later request continues the session in the same project.
 *
 * A session id is never a credential: every request is authenticated on its own, and the
 * id only refuses a session carried on with another project's credential, so that an
 * agent cannot drift from one project to another mid-conversation.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './derive-key';

/** How a presented session id relates to the request's project. */
export type McpSessionCheck = 'same-project' | 'other-project' | 'unknown';

export interface McpSessionIds {
  /** A new session id bound to the project. */
  issue(projectId: string): string;
  check(sessionId: string, projectId: string): McpSessionCheck;
}

const FORM = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/**
 * @example
 * ```ts
 * const sessions = createMcpSessionIds(secrets.authSecret);
 * const id = sessions.issue('proj_1');
 * sessions.check(id, 'proj_2'); // 'other-project'
 * ```
 */
export function createMcpSessionIds(authSecret: string): McpSessionIds {
  const key = deriveKey(authSecret, 'mcp-session');
  // Two tags of 128 bits: one says this server issued the nonce, the other binds it to
  // the project, so an id of another project is told from one never issued.
  const tag = (text: string) => createHmac('sha256', key).update(text).digest().subarray(0, 16);
  const issuedTag = (nonce: string) => tag(`issued.${nonce}`);
  const projectTag = (nonce: string, projectId: string) => tag(`project.${nonce}.${projectId}`);
  const matches = (given: string, expected: Buffer) => {
    const bytes = Buffer.from(given, 'base64url');
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  };

  return {
    issue(projectId) {
      const nonce = randomBytes(12).toString('base64url');
      return [nonce, issuedTag(nonce), projectTag(nonce, projectId)]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },

    check(sessionId, projectId) {
      const [, nonce, issued, project] = FORM.exec(sessionId) ?? [];
      if (!nonce || !issued || !project || !matches(issued, issuedTag(nonce))) return 'unknown';
      return matches(project, projectTag(nonce, projectId)) ? 'same-project' : 'other-project';
    },
  };
}
