/**
 * `reelay saved-replies list|create|delete`: the texts the team reuses when answering
 * comments (`reelay comments reply <id> --saved <title>`). A saved reply is named by its
 * id (`svr_…`) or by its title.
 */
import type { Reelay, SavedReply } from '@reelay/sdk';
import { usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { t } from '../i18n';
import { loadSettings } from '../settings';
import { renderTable } from '../table';

/**
 * The saved reply a person means: by id (`svr_…`, exact), else by title (case and
 * surrounding spaces aside). No match, or a title two replies share, is a usage error.
 *
 * @example
 * ```ts
 * pickSavedReply(savedReplies, 'preço'); // the reply titled "Preço"
 * ```
 */
export function pickSavedReply(savedReplies: readonly SavedReply[], reference: string): SavedReply {
  const wanted = reference.trim();
  const byId = savedReplies.find((reply) => reply.id === wanted);
  if (byId) return byId;
  const byTitle = savedReplies.filter(
    (reply) => reply.title.trim().toLowerCase() === wanted.toLowerCase(),
  );
  if (byTitle.length === 1) return byTitle[0]!;
  if (byTitle.length > 1) {
    throw usageError(
      t('savedReplies.ambiguous', {
        count: byTitle.length,
        title: wanted,
        ids: byTitle.map((reply) => reply.id).join(', '),
      }),
      t('savedReplies.useId'),
    );
  }
  throw usageError(t('savedReplies.notFound', { reference: wanted }), t('savedReplies.seeList'));
}

/**
 * The saved reply named by id or title, read from the project's list.
 *
 * @example
 * ```ts
 * const { text } = await findSavedReply(reelay, 'Preço');
 * ```
 */
export async function findSavedReply(reelay: Reelay, reference: string): Promise<SavedReply> {
  const { savedReplies } = await reelay.savedReplies.list();
  return pickSavedReply(savedReplies, reference);
}

/**
 * `reelay saved-replies list`: the project's saved replies, by title.
 *
 * @example
 * ```ts
 * await listSavedReplies(ctx);
 * ```
 */
export async function listSavedReplies(ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.savedReplies.list();
  ctx.out.result(answer, () =>
    answer.savedReplies.length === 0
      ? t('savedReplies.none')
      : renderTable(answer.savedReplies, [
          { header: 'id', value: (reply: SavedReply) => reply.id },
          {
            header: t('savedReplies.columnTitle'),
            value: (reply: SavedReply) => reply.title,
            max: 30,
          },
          {
            header: t('savedReplies.columnText'),
            value: (reply: SavedReply) => reply.text,
            max: 60,
          },
        ]),
  );
}

/**
 * `reelay saved-replies create <title> <text>`.
 *
 * @example
 * ```ts
 * await createSavedReply('Preço', 'Oi! Os preços estão no link da bio.', ctx);
 * ```
 */
export async function createSavedReply(
  title: string,
  text: string,
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.savedReplies.create({ title, text });
  ctx.out.result(answer, () =>
    t('savedReplies.created', { id: answer.savedReply.id, title: answer.savedReply.title }),
  );
}

/**
 * `reelay saved-replies delete <id or title>`: it is no longer offered.
 *
 * @example
 * ```ts
 * await deleteSavedReply('svr_01…', ctx);
 * ```
 */
export async function deleteSavedReply(reference: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const id = /^svr_/.test(reference.trim())
    ? reference.trim()
    : (await findSavedReply(reelay, reference)).id;
  await reelay.savedReplies.delete(id);
  ctx.out.result({ success: true, savedReplyId: id }, () => t('savedReplies.deleted', { id }));
}
