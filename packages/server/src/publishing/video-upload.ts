/**
 * Videos sent by resumable upload (reference §2 "Resumable video upload"): their containers
 * are created with `upload_type=resumable` and the file's bytes go from storage to the
 * upload host, so the platform never downloads them and the server needs no public
 * address for video.
 *
 * The upload host keeps the acknowledged offset; the target stores only when its uploads
 * were complete (`videosUploadedAt`). Until then every run that polls the container first
 * sends what is missing, resuming at that offset, so a crash mid-upload costs at most
 * the bytes of one chunk, and an upload session that is gone or expired makes the
 * container be created anew (`CONTAINER_EXPIRED`), as for any expired container.
 */
import { ReelayError } from '@reelay/core';
import type { VideoUploadMode } from '../reelay-config';
import type { IntegrationRecord } from '../store/integrations';
import { persist, type Run } from './pipeline-run';

/**
 * Whether an account's videos are uploaded: `auto` uploads for Facebook Login accounts,
 * whose upload host is documented; Instagram Login's is not (reference §2 [UNCERTAIN]).
 *
 * @example
 * ```ts
 * usesResumableUpload('auto', { loginMode: 'facebook' }); // true
 * ```
 */
export function usesResumableUpload(
  mode: VideoUploadMode,
  integration: Pick<IntegrationRecord, 'loginMode'>,
): boolean {
  if (mode === 'auto') return integration.loginMode === 'facebook';
  return mode === 'resumable';
}

/** The containers of a run whose video is uploaded, each with the media index it shows. */
function uploadedContainers(run: Run): Array<{ containerId: string; index: number }> {
  const { post, target } = run;
  if (!usesResumableUpload(run.ctx.config.videoUpload, run.integration)) return [];
  if (post.kind === 'carousel') {
    return target.childrenIds.flatMap((containerId, index) =>
      post.mediaItems[index]?.type === 'video' ? [{ containerId, index }] : [],
    );
  }
  const first = post.mediaItems[0];
  if (target.containerId === null || first?.type !== 'video') return [];
  return [{ containerId: target.containerId, index: 0 }];
}

/**
 * Sends whatever bytes the target's uploaded containers still miss, until they are all
 * there (then `videosUploadedAt` is stored), and only before a publication was attempted.
 * Throws the platform's error: `CONTAINER_EXPIRED` for a session that is gone,
 * `TOKEN_INVALID`, or a transient failure to try again later; `MEDIA_INVALID` for a media
 * that no longer exists. `false` when the target changed meanwhile and the run must stop.
 *
 * @example
 * ```ts
 * if (!(await completeUploads(run))) return stop; // else read the container's status
 * ```
 */
export async function completeUploads(run: Run): Promise<boolean> {
  if (run.target.videosUploadedAt !== null || run.target.publishAttemptedAt !== null) return true;
  const containers = uploadedContainers(run);
  if (containers.length === 0) return true;
  for (const { containerId, index } of containers) {
    const item = run.post.mediaItems[index]!;
    const record = await run.ctx.media.find(run.post.projectId, item.mediaId);
    if (!record) {
      throw new ReelayError('MEDIA_INVALID', {
        message: `A mídia mediaItems[${index}] não existe mais.`,
      });
    }
    const result = await run.platform.uploadVideo({
      accessToken: run.accessToken,
      containerId,
      source: run.ctx.media.byteSource(record),
      chunkBytes: run.settings.uploadChunkBytes,
    });
    if (result.chunks > 0) {
      run.ctx.logger.info('vídeo enviado ao Instagram', {
        targetId: run.target.id,
        containerId,
        resumedAt: result.resumedAt,
        chunks: result.chunks,
      });
    }
  }
  return persist(run, { videosUploadedAt: run.ctx.clock.now() });
}
