/** `reelay media upload <path|url>`: uploads a file (progress bar) or imports a URL. */
import type { Media } from '@reelay/sdk';
import { usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { formatBytes } from '../feedback';
import { classifyMedia, createUploadTracker, uploadMedia } from '../media-input';
import { loadSettings } from '../settings';
import { renderFields } from '../table';

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
    ['Tipo', `${media.type} (${media.mime})`],
    ['Tamanho', formatBytes(media.size)],
    ['Dimensões', media.width && media.height ? `${media.width}×${media.height}` : null],
    ['Duração', media.duration !== null ? `${media.duration} s` : null],
    [
      'Codecs',
      media.codecs ? [media.codecs.video, media.codecs.audio].filter(Boolean).join(' + ') : null,
    ],
    ['Status', media.status],
    ['URL', media.url],
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
  if (ref.kind === 'id') throw usageError(`${source} já é uma mídia enviada`);
  const tracker = createUploadTracker();
  const reelay = await projectClient(await loadSettings(ctx.global), { fetch: tracker.fetch });
  const media = await uploadMedia(reelay, tracker, ref);
  ctx.out.result({ success: true, media }, () => describeMedia(media));
}
