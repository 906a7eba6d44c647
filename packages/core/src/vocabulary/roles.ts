/**
 * Who may do what in a project. A person holds one role in each project shared with them;
 * an API key holds one too, and its requests act with it. Roles are ordered: each holds
 * every permission of those after it.
 *
 * - `owner`: the organization's owner, everything;
 * - `admin`: everything in the project except deleting it (members, keys, webhooks,
 *   accounts, settings, approvals);
 * - `editor`: media, posts and posting slots;
 * - `viewer`: reads everything, writes only notes.
 */

/** The roles in a project, from the most to the least permitted. */
export const PROJECT_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/**
 * The roles that can be given: to a member, an invitation or an API key. `owner` is not
 * given: it is the organization's owner, in each of its projects.
 */
export const ASSIGNABLE_ROLES = ['admin', 'editor', 'viewer'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** The roles an API key may hold: an owner is a person. */
export const API_KEY_ROLES = ASSIGNABLE_ROLES;
export type ApiKeyRole = AssignableRole;

/** A new key's role when none is asked for: what every key could do before roles. */
export const DEFAULT_API_KEY_ROLE: ApiKeyRole = 'admin';

/**
 * Whether a role holds the permissions of another.
 *
 * @example
 * ```ts
 * roleMeets('admin', 'editor'); // true
 * roleMeets('viewer', 'editor'); // false
 * ```
 */
export function roleMeets(role: ProjectRole, required: ProjectRole): boolean {
  return PROJECT_ROLES.indexOf(role) <= PROJECT_ROLES.indexOf(required);
}
