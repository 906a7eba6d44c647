/**
 * The team routes (Bearer only): a project's members and invitations, and accepting an
 * invitation. The route's role is checked before a handler runs; the service decides
 * what depends on whom the call is about.
 */
import { isoTime } from '../../clock';
import type { TeamService } from '../../services/team';
import { presentInvitation, presentMember, presentMemberProject } from '../presenters';
import { memberOf, userOf, type RouteHandlers } from '../route-handler';

export function teamHandlers(team: TeamService): RouteHandlers {
  return {
    listMembers: async (_input, context) => {
      const { projectId } = memberOf(context);
      const members = await team.listMembers(projectId);
      return { status: 200, body: { success: true, members: members.map(presentMember) } };
    },

    updateMember: async ({ params, body }, context) => {
      const actor = memberOf(context);
      const member = await team.changeRole(actor, actor.projectId, params.userId, body!.role);
      return { status: 200, body: { success: true, member: presentMember(member) } };
    },

    removeMember: async ({ params }, context) => {
      const actor = memberOf(context);
      await team.removeMember(actor, actor.projectId, params.userId);
      return { status: 204, body: undefined };
    },

    createInvitation: async ({ body }, context) => {
      const actor = memberOf(context);
      const { invitation, url, emailed } = await team.invite(actor, actor.projectId, body!);
      return {
        status: 201,
        body: { success: true, invitation: { ...presentInvitation(invitation), url, emailed } },
      };
    },

    listInvitations: async (_input, context) => {
      const invitations = await team.listInvitations(memberOf(context).projectId);
      return {
        status: 200,
        body: { success: true, invitations: invitations.map(presentInvitation) },
      };
    },

    deleteInvitation: async ({ params }, context) => {
      await team.cancelInvitation(memberOf(context).projectId, params.invitationId);
      return { status: 204, body: undefined };
    },

    lookupInvitation: async ({ body }) => {
      const { invitation, projectName } = await team.preview(body!.token);
      return {
        status: 200,
        body: {
          success: true,
          invitation: {
            email: invitation.email,
            role: invitation.role,
            projectName,
            expiresAt: isoTime(invitation.expiresAt),
          },
        },
      };
    },

    acceptInvitation: async ({ body }, context) => {
      const project = await team.accept(body!.token, userOf(context));
      return { status: 200, body: { success: true, project: presentMemberProject(project) } };
    },
  };
}
