/**
 * Review-link commands: an admin sends a post awaiting approval to someone without an
 * account, lists the links still valid, and revokes one. Part of the command table
 * (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { CommandSpec } from './command-spec';

const linksModule = () => import('../commands/review-links');

export const reviewLinkCommands = {
  createReviewLink: [
    {
      name: 'review-links create',
      help: 'help.reviewLinksCreate',
      arguments: [{ value: 'id', help: 'help.postId' }],
      options: [
        {
          flags: '--hours',
          value: 'placeholder.hours',
          help: 'help.reviewLinkHours',
          field: 'expiresInHours',
          required: true,
        },
        {
          flags: '--label',
          value: 'placeholder.text',
          help: 'help.reviewLinkLabel',
          field: 'label',
        },
      ],
      run: async ([id], o, ctx) =>
        (await linksModule()).createReviewLink(id!, o as { hours: number; label?: string }, ctx),
    },
  ],
  listReviewLinks: [
    {
      name: 'review-links list',
      help: 'help.reviewLinksList',
      arguments: [{ value: 'id', help: 'help.postId' }],
      run: async ([id], _o, ctx) => (await linksModule()).listReviewLinks(id!, ctx),
    },
  ],
  deleteReviewLink: [
    {
      name: 'review-links revoke',
      help: 'help.reviewLinksRevoke',
      arguments: [{ value: 'id', help: 'help.reviewLinkId' }],
      run: async ([id], _o, ctx) => (await linksModule()).revokeReviewLink(id!, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
