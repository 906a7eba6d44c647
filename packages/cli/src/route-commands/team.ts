/**
 * Team commands: the project's members and their roles, and the invitations that bring
 * people in. Part of the command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { CommandSpec } from './command-spec';

export const teamCommands = {
  listMembers: [
    {
      name: 'members list',
      help: 'help.membersList',
      run: async (_, _o, ctx) => (await import('../commands/team')).listMembers(ctx),
    },
  ],
  updateMember: [
    {
      name: 'members role',
      help: 'help.membersRole',
      arguments: [
        { value: 'placeholder.user', help: 'help.memberUserId' },
        { value: 'placeholder.role', help: 'help.memberRole', field: 'role' },
      ],
      run: async ([userId, role], _o, ctx) =>
        (await import('../commands/team')).setMemberRole(userId!, role!, ctx),
    },
  ],
  removeMember: [
    {
      name: 'members remove',
      help: 'help.membersRemove',
      arguments: [{ value: 'placeholder.user', help: 'help.memberUserId' }],
      run: async ([userId], _o, ctx) =>
        (await import('../commands/team')).removeMember(userId!, ctx),
    },
  ],
  createInvitation: [
    {
      name: 'invitations create',
      help: 'help.invitationsCreate',
      arguments: [{ value: 'placeholder.email', help: 'help.invitationEmail' }],
      options: [
        {
          flags: '--role',
          value: 'placeholder.role',
          help: 'help.invitationRole',
          field: 'role',
          required: true,
        },
      ],
      run: async ([email], o, ctx) =>
        (await import('../commands/team')).createInvitation(email!, o, ctx),
    },
  ],
  listInvitations: [
    {
      name: 'invitations list',
      help: 'help.invitationsList',
      run: async (_, _o, ctx) => (await import('../commands/team')).listInvitations(ctx),
    },
  ],
  deleteInvitation: [
    {
      name: 'invitations cancel',
      help: 'help.invitationsCancel',
      arguments: [{ value: 'id', help: 'help.invitationId' }],
      run: async ([id], _o, ctx) => (await import('../commands/team')).cancelInvitation(id!, ctx),
    },
  ],
  acceptInvitation: [
    {
      name: 'invitations accept',
      help: 'help.invitationsAccept',
      arguments: [{ value: 'placeholder.invitation', help: 'help.invitationToken' }],
      run: async ([token], _o, ctx) =>
        (await import('../commands/team')).acceptInvitation(token!, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
