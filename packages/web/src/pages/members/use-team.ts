/** The members page's data: the project's members, and its pending invitations. */
import type { ListInvitationsResponse, ListMembersResponse } from '@reelay/sdk';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export type Member = ListMembersResponse['members'][number];
export type Invitation = ListInvitationsResponse['invitations'][number];

/**
 * Loads the members: the owner first, then by role, then by who joined first.
 *
 * @example
 * ```ts
 * const members = useMembers(projectId);
 * await members.refresh();
 * ```
 */
export function useMembers(projectId: string) {
  const api = useApi();
  const order = ['owner', 'admin', 'editor', 'viewer'];
  return useLoad(
    async (signal) => {
      const { members } = await api.members.list(projectId, { signal });
      return [...members].sort(
        (a, b) =>
          order.indexOf(a.role) - order.indexOf(b.role) || a.joinedAt.localeCompare(b.joinedAt),
      );
    },
    [projectId],
  );
}

/**
 * Loads the invitations not yet accepted, the newest first (an admin's view only).
 *
 * @example
 * ```ts
 * const invitations = useInvitations(projectId);
 * ```
 */
export function useInvitations(projectId: string) {
  const api = useApi();
  return useLoad(
    async (signal) => {
      const { invitations } = await api.invitations.list(projectId, { signal });
      return [...invitations].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    [projectId],
  );
}
