/**
 * Inspection before acceptance: what the file really is (magic bytes), then its
 * description for the limits of spec §8 (`checkMedia` of core decides).
 */
import type { MediaDescription, MediaProblem } from '@reelay/core';
import { detectMime } from './detect-type';
import { ImageOverPixelBudgetError, inspectImage } from './inspect-image';
import { inspectVideo, UnreadableVideoError } from './inspect-video';

const IMAGE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const VIDEO_MIMES = new Set(['video/mp4', 'video/quicktime']);

export type Inspection =
  { ok: true; description: MediaDescription } | { ok: false; problem: MediaProblem };

/**
 * Describes a stored file, or says why it cannot be media: an unknown or refused type
 * (`mime`), an unreadable image (`mime`), an image past the pixel budget (`too_large`),
 * a video without a usable index (`moov`).
 *
 * @example
 * ```ts
 * const inspection = await inspectMedia('/tmp/upload-1', 812_345);
 * if (!inspection.ok) throw mediaInvalid(inspection.problem, 'file');
 * ```
 */
export async function inspectMedia(path: string, size: number): Promise<Inspection> {
  if (size === 0) return refused('mime', 'o arquivo está vazio');
  const mime = await detectMime(path);
  if (mime === null) {
    return refused('mime', 'tipo de arquivo não reconhecido; envie JPEG, PNG, WebP, MP4 ou MOV');
  }
  if (IMAGE_MIMES.has(mime)) {
    try {
      return { ok: true, description: await inspectImage(path, mime, size) };
    } catch (error) {
      if (error instanceof ImageOverPixelBudgetError) return refused('too_large', error.message);
      return refused('mime', 'a imagem está corrompida ou incompleta');
    }
  }
  if (VIDEO_MIMES.has(mime)) {
    try {
      return { ok: true, description: await inspectVideo(path, mime, size) };
    } catch (error) {
      if (error instanceof UnreadableVideoError) return refused(error.reason, error.message);
      return refused('moov', 'não foi possível ler a estrutura do vídeo');
    }
  }
  return refused(
    'mime',
    mime.startsWith('image/')
      ? `imagens devem ser JPEG, PNG ou WebP; recebido ${mime}`
      : mime.startsWith('video/')
        ? `vídeos devem ser MP4 ou MOV; recebido ${mime}`
        : `tipo de arquivo não aceito: ${mime}`,
  );
}

function refused(reason: MediaProblem['reason'], message: string): Inspection {
  return { ok: false, problem: { reason, message } };
}
