/**
 * Review commands: submitting a draft, approving or rejecting a post that awaits
 * approval, and the project's approval setting. Part of the command table
 * (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { ArgumentSpec, CommandSpec } from './command-spec';

const reviewModule = () => import('../commands/approval');

const postId: ArgumentSpec = { value: 'id', help: 'help.postId' };

export const approvalCommands = {
  submitPost: [
    {
      name: 'posts submit',
      help: 'help.postsSubmit',
      arguments: [postId],
      run: async ([id], _o, ctx) => (await reviewModule()).submitDraft(id!, ctx),
    },
  ],
  approvePost: [
    {
      name: 'posts approve',
      help: 'help.postsApprove',
      arguments: [postId],
      options: [
        { flags: '--note', value: 'placeholder.text', help: 'help.approveNote', field: 'note' },
        { flags: '--at', value: 'placeholder.when', help: ['help.approveAt', 'help.atFormats'] },
        { flags: '--now', help: 'help.approveNow' },
        {
          flags: '--timezone',
          value: 'placeholder.zone',
          help: 'help.zoneOfPost',
          field: 'timezone',
        },
      ],
      run: async ([id], o, ctx) => (await reviewModule()).approvePost(id!, o, ctx),
    },
  ],
  rejectPost: [
    {
      name: 'posts reject',
      help: 'help.postsReject',
      arguments: [postId],
      options: [
        {
          flags: '--reason',
          value: 'placeholder.text',
          help: 'help.rejectReason',
          field: 'reason',
          required: true,
        },
      ],
      run: async ([id], o, ctx) =>
        (await reviewModule()).rejectPost(id!, o as { reason: string }, ctx),
    },
  ],
  getProjectSettings: [
    {
      name: 'approval show',
      help: 'help.approvalShow',
      run: async (_, _o, ctx) => (await reviewModule()).showApproval(ctx),
    },
  ],
  updateProjectSettings: [
    {
      name: 'approval set',
      help: 'help.approvalSet',
      arguments: [{ value: 'on|off', help: 'help.approvalSetting' }],
      run: async ([setting], _o, ctx) => (await reviewModule()).setApproval(setting!, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
