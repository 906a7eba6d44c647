/**
 * `reelay mentions list`: the @mentions of the project's accounts in other accounts'
 * posts and comments, newest first, as Meta's webhooks brought them (Instagram cannot
 * list them afterwards).
 */
import type { ListMentionsQuery, Mention } from '@reelay/sdk';
import { accountUsernames, resolveAccountIds } from '../account-resolver';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { t, tDynamic } from '../i18n';
import { localTime, tableZone } from '../post-display';
import { loadSettings } from '../settings';
import { renderTable } from '../table';

export interface ListMentionsOptions {
  account?: string;
  /** Checked against the route's bounds, with its default, before the command runs. */
  limit?: number;
  offset?: number;
}

/**
 * `reelay mentions list [--account]`: one page of mentions.
 *
 * @example
 * ```ts
 * await listMentions({ account: '@cafe.aurora' }, ctx);
 * ```
 */
export async function listMentions(
  options: ListMentionsOptions,
  ctx: CommandContext,
): Promise<void> {
  const { limit, offset = 0 } = options;
  const reelay = await projectClient(await loadSettings(ctx.global));
  const accountId = options.account
    ? (await resolveAccountIds(reelay, [options.account]))[0]
    : undefined;
  const query: ListMentionsQuery = {
    ...(accountId ? { accountId } : {}),
    ...(limit === undefined ? {} : { limit }),
    offset,
  };
  const answer = await reelay.mentions.list(query);
  // Usernames only for people: `--json` is the server's answer as it came.
  const usernames = ctx.out.json ? new Map<string, string>() : await accountUsernames(reelay);
  const zone = tableZone(false);
  ctx.out.result(answer, () => {
    if (answer.mentions.length === 0) return t('mentions.none');
    const shown = answer.mentions.length;
    const more =
      answer.total > offset + shown
        ? `\n${t('mentions.more', { shown, total: answer.total, next: offset + shown })}\n`
        : '';
    return (
      renderTable(answer.mentions, [
        {
          header: `${t('comments.columnWhen')} (${zone})`,
          value: (m: Mention) => localTime(m.createdAt ?? m.receivedAt, zone),
        },
        {
          header: t('posts.columnAccount'),
          value: (m: Mention) => {
            const username = usernames.get(m.integrationId);
            return username ? `@${username}` : m.integrationId;
          },
        },
        {
          header: t('posts.columnKind'),
          value: (m: Mention) => tDynamic(`mentions.kinds.${m.kind}`) ?? m.kind,
        },
        {
          header: t('comments.columnFrom'),
          value: (m: Mention) => (m.username ? `@${m.username}` : null),
          max: 30,
        },
        { header: t('mentions.columnText'), value: (m: Mention) => m.text, max: 50 },
        { header: t('posts.columnLink'), value: (m: Mention) => m.permalink },
      ]) + more
    );
  });
}
