/**
 * `reelay media upload|list|show|keep|unkeep|delete`: uploads a file (progress bar) or
 * imports a URL, and the project's media library.
 */
import type { SortOrder } from '@reelay/core';
import type { ListMediaQuery, Media, MediaPost } from '@reelay/sdk';
import { usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { formatBytes } from '../feedback';
import { classifyMedia, createUploadTracker, uploadMedia } from '../media-input';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';
import { t } from '../i18n';

/**
 * Media for people: type, size, dimensions and, for videos, duration and codecs.
 *
 * @example
 * ```ts
 * process.stdout.write(describeMedia(media));
 * ```
 */
export function describeMedia(media: Media): string {
  return renderFields([
    ['Id', media.id],
    [t('media.fieldFileName'), media.fileName],
    [t('media.fieldType'), `${media.type} (${media.mime})`],
    [t('media.fieldSize'), formatBytes(media.size)],
    [
      t('media.fieldDimensions'),
      media.width && media.height ? `${media.width}×${media.height}` : null,
    ],
    [t('media.fieldDuration'), media.duration !== null ? `${media.duration} s` : null],
    [
      'Codecs',
      media.codecs ? [media.codecs.video, media.codecs.audio].filter(Boolean).join(' + ') : null,
    ],
    [t('posts.fieldStatus'), media.status],
    [
      t('media.fieldFits'),
      media.kinds.length > 0 ? media.kinds.join(', ') : t('media.fitsNothing'),
    ],
    ['URL', media.url],
    [t('media.fieldCreatedAt'), media.createdAt],
    [t('media.fieldUse'), useText(media)],
  ]);
}

/**
 * `reelay media upload <source>`: a file path (sent as multipart, with a progress bar) or
 * an http(s) URL (the server downloads it); prints the media record to use as `med_…`.
 *
 * @example
 * ```ts
 * await uploadMediaCommand('./cafe.jpg', ctx);
 * ```
 */
export async function uploadMediaCommand(source: string, ctx: CommandContext): Promise<void> {
  const ref = classifyMedia(source);
  if (ref.kind === 'id') throw usageError(t('media.alreadyUploaded', { source }));
  const tracker = createUploadTracker();
  const reelay = await projectClient(await loadSettings(ctx.global), { fetch: tracker.fetch });
  const media = await uploadMedia(reelay, tracker, ref);
  ctx.out.result({ success: true, media }, () => describeMedia(media));
}

/** Whether a post uses the media, and whether it is kept from the cleanup of unused media. */
function useText(media: Pick<Media, 'unused' | 'keep'>): string {
  const use = media.unused ? t('media.useUnused') : t('media.useUsed');
  return media.keep ? `${use}, ${t('media.useKept')}` : use;
}

const mediaColumns = () => [
  { header: 'id', value: (m: Media) => m.id },
  { header: t('media.columnType'), value: (m: Media) => m.type },
  { header: t('media.columnSize'), value: (m: Media) => formatBytes(m.size) },
  { header: t('media.columnDimensions'), value: (m: Media) => `${m.width}×${m.height}` },
  {
    header: t('media.columnDuration'),
    value: (m: Media) => (m.duration !== null ? `${m.duration} s` : null),
  },
  { header: t('media.columnFits'), value: (m: Media) => m.kinds.join(', ') },
  { header: t('media.columnCreatedAt'), value: (m: Media) => m.createdAt },
  { header: t('media.columnFileName'), value: (m: Media) => m.fileName },
  { header: t('media.columnUse'), value: (m: Media) => useText(m) },
];

const useColumns = () => [
  { header: 'post', value: (p: MediaPost) => p.id },
  { header: t('posts.columnStatus'), value: (p: MediaPost) => p.status },
  { header: t('posts.columnScheduledFor'), value: (p: MediaPost) => p.scheduledFor },
];

export interface ListMediaOptions {
  type?: 'image' | 'video';
  /** Only media no post uses. */
  unused?: boolean;
  /** Part of the file name. */
  search?: string;
  /** Checked against the route's bounds, with its default, before the command runs. */
  limit?: number;
  offset?: number;
  sort?: SortOrder;
  all?: boolean;
}

/**
 * `reelay media list [--type] [--unused] [--search] [--limit] [--offset] [--sort] [--all]`: the project's media,
 * newest first; one page, or all of them with `--all`.
 *
 * @example
 * ```ts
 * await listMediaCommand({ type: 'video', limit: 50 }, ctx);
 * ```
 */
export async function listMediaCommand(
  options: ListMediaOptions,
  ctx: CommandContext,
): Promise<void> {
  const { limit, offset = 0 } = options;
  const reelay = await projectClient(await loadSettings(ctx.global));
  const query: ListMediaQuery = {
    ...(options.type ? { type: options.type } : {}),
    ...(options.unused ? { unused: 'true' as const } : {}),
    ...(options.search ? { q: options.search } : {}),
    ...(options.sort ? { sort: options.sort } : {}),
    ...(options.all || limit === undefined ? {} : { limit }),
    offset,
  };
  if (options.all) {
    const media: Media[] = [];
    for await (const item of reelay.media.list(query)) media.push(item);
    ctx.out.result({ success: true, total: media.length, media }, () =>
      renderTable(media, mediaColumns()),
    );
    return;
  }
  const answer = await reelay.media.list(query);
  ctx.out.result(answer, () => {
    const shown = answer.media.length;
    const more =
      answer.total > offset + shown
        ? `\n${t('posts.more', { shown, total: answer.total, next: offset + shown })}\n`
        : '';
    return renderTable(answer.media, mediaColumns()) + more;
  });
}

/**
 * `reelay media show <id>`: the media, the post kinds it fits and the posts that use it.
 *
 * @example
 * ```ts
 * await showMediaCommand('med_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function showMediaCommand(mediaId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.media.get(mediaId);
  const { posts } = answer.media;
  ctx.out.result(answer, () =>
    posts.length > 0
      ? `${describeMedia(answer.media)}\n${t('media.usedBy')}\n${renderTable(posts, useColumns())}`
      : `${describeMedia(answer.media)}\n${t('media.unused')}\n`,
  );
}

/**
 * `reelay media keep <id>` and `reelay media unkeep <id>`: keeps the media from the cleanup
 * of unused media, or lets the cleanup delete it again once unused.
 *
 * @example
 * ```ts
 * await keepMediaCommand('med_01jd8k2m3n4p5q6r7s8t9v0wxy', true, ctx);
 * ```
 */
export async function keepMediaCommand(
  mediaId: string,
  keep: boolean,
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.media.update(mediaId, { keep });
  ctx.out.result(answer, () => t(keep ? 'media.kept' : 'media.unkept', { id: mediaId }));
}

/**
 * `reelay media delete <id>`: deletes the media and its stored files; refused
 * (`MEDIA_IN_USE`) while a post still has to publish it.
 *
 * @example
 * ```ts
 * await deleteMediaCommand('med_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function deleteMediaCommand(mediaId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.media.delete(mediaId);
  ctx.out.result({ ...answer, mediaId }, () => t('media.deleted', { id: mediaId }));
}
