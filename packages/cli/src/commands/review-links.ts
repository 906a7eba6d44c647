/**
 * `reelay review-links create|list|revoke`: addresses that let someone without an account
 * (a client) see a post awaiting approval and approve or reject it in a browser. The
 * address is shown once: its token is stored only as a hash.
 */
import type { ReviewLink } from '@reelay/sdk';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { t } from '../i18n';
import { registerSecrets } from '../secrets';
import { loadSettings } from '../settings';
import { renderTable } from '../table';

/**
 * `reelay review-links create <postId> --hours <n> [--label <text>]`: a new link, valid
 * for `n` hours (1 to 720), printed once.
 *
 * @example
 * ```ts
 * await createReviewLink('post_01…', { hours: 48, label: 'Ana, da Padaria' }, ctx);
 * ```
 */
export async function createReviewLink(
  postId: string,
  options: { hours: number; label?: string },
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.reviewLinks.create(postId, {
    expiresInHours: Number(options.hours),
    ...(options.label !== undefined ? { label: options.label } : {}),
  });
  const link = answer.reviewLink;
  // The address holds the token: kept out of logs, like a new key.
  registerSecrets([link.url]);
  ctx.out.result(answer, () =>
    [
      t('reviewLinks.created', { id: link.id, expiresAt: link.expiresAt }),
      link.url,
      t('reviewLinks.shownOnce'),
    ].join('\n'),
  );
}

/**
 * `reelay review-links list <postId>`: the post's links still valid.
 *
 * @example
 * ```ts
 * await listReviewLinks('post_01…', ctx);
 * ```
 */
export async function listReviewLinks(postId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.reviewLinks.list(postId);
  ctx.out.result(answer, () =>
    answer.reviewLinks.length === 0
      ? t('reviewLinks.none', { id: postId })
      : renderTable(answer.reviewLinks, [
          { header: 'id', value: (link: ReviewLink) => link.id },
          {
            header: t('reviewLinks.columnLabel'),
            value: (link: ReviewLink) => link.label ?? '',
            max: 40,
          },
          { header: t('reviewLinks.columnExpiresAt'), value: (link: ReviewLink) => link.expiresAt },
        ]),
  );
}

/**
 * `reelay review-links revoke <id>`: the link stops working at once.
 *
 * @example
 * ```ts
 * await revokeReviewLink('rvl_01…', ctx);
 * ```
 */
export async function revokeReviewLink(id: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  await reelay.reviewLinks.revoke(id);
  ctx.out.result({ success: true, reviewLinkId: id }, () => t('reviewLinks.revoked', { id }));
}
