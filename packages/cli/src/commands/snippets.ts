/**
 * `reelay snippets list|create|edit|delete`: the captions and hashtag groups a project
 * keeps for composing (`/v1/snippets`).
 */
import { SNIPPET_KINDS, type SnippetKind } from '@reelay/core';
import type { Snippet } from '@reelay/sdk';
import { usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { t } from '../i18n';
import { loadSettings } from '../settings';
import { renderTable } from '../table';

function kindOf(text: string): SnippetKind {
  if ((SNIPPET_KINDS as readonly string[]).includes(text)) return text as SnippetKind;
  throw usageError(t('snippets.unknownKind', { kind: text }), t('snippets.kinds'));
}

/**
 * @example
 * ```ts
 * await listSnippets({ kind: 'hashtags' }, ctx);
 * ```
 */
export async function listSnippets(options: { kind?: string }, ctx: CommandContext): Promise<void> {
  const kind = options.kind === undefined ? undefined : kindOf(options.kind);
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.snippets.list(kind ? { kind } : {});
  ctx.out.result(answer, () =>
    answer.snippets.length === 0
      ? `${t('snippets.none')}\n`
      : renderTable(answer.snippets, [
          { header: 'id', value: (item: Snippet) => item.id },
          { header: t('snippets.columnKind'), value: (item: Snippet) => item.kind },
          { header: t('snippets.columnTitle'), value: (item: Snippet) => item.title, max: 30 },
          { header: t('snippets.columnText'), value: (item: Snippet) => item.text, max: 60 },
        ]),
  );
}

/**
 * @example
 * ```ts
 * await createSnippet('hashtags', 'Café', '#café #barista', ctx);
 * ```
 */
export async function createSnippet(
  kind: string,
  title: string,
  text: string,
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.snippets.create({ kind: kindOf(kind), title, text });
  ctx.out.result(answer, () => `${t('snippets.created', { id: answer.snippet.id })}\n`);
}

/**
 * @example
 * ```ts
 * await editSnippet('snp_…', { text: '#café #espresso' }, ctx);
 * ```
 */
export async function editSnippet(
  id: string,
  options: { title?: string; text?: string },
  ctx: CommandContext,
): Promise<void> {
  if (options.title === undefined && options.text === undefined) {
    throw usageError(t('snippets.nothingToChange'), t('snippets.nothingToChangeHint'));
  }
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.snippets.update(id, {
    ...(options.title !== undefined ? { title: options.title } : {}),
    ...(options.text !== undefined ? { text: options.text } : {}),
  });
  ctx.out.result(answer, () => `${t('snippets.updated', { id })}\n`);
}

/**
 * @example
 * ```ts
 * await deleteSnippet('snp_…', ctx);
 * ```
 */
export async function deleteSnippet(id: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  await reelay.snippets.delete(id);
  ctx.out.result({ deleted: id }, () => `${t('snippets.deleted', { id })}\n`);
}
