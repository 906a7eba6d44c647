/**
 * Which item of a failed carousel failed. The carousel container's status carries only a
 * subcode (2207003, a download that timed out, names no item: reference §9), so the
 * items' containers are read and the first one in error is named in the target's error:
 * its position in `mediaItems` and its container id.
 */
import { InstagramPlatformError } from '@reelay/core/platform';
import type { Run } from './pipeline-run';

/**
 * The carousel's error, completed with the failed item when one of its containers says
 * so; the error unchanged when none does or the items cannot be read.
 *
 * @example
 * ```ts
 * const failure = await carouselItemFailure(run, status.error);
 * failure.message; // '… (item 2 do carrossel: mediaItems[1], contêiner 17890…)'
 * ```
 */
export async function carouselItemFailure(
  run: Run,
  error: InstagramPlatformError,
): Promise<InstagramPlatformError> {
  for (const [index, containerId] of run.target.childrenIds.entries()) {
    let status;
    try {
      status = await run.platform.getContainerStatus({ accessToken: run.accessToken, containerId });
    } catch (readError) {
      run.ctx.logger.warn('itens do carrossel não lidos', { targetId: run.target.id, readError });
      return error;
    }
    if (status.statusCode !== 'ERROR' && status.statusCode !== 'EXPIRED') continue;
    const item = status.error ?? error;
    return new InstagramPlatformError(item.code, {
      message: `${item.message} (item ${index + 1} do carrossel: mediaItems[${index}], contêiner ${containerId})`,
      details: { ...item.details, field: `mediaItems[${index}]`, itemContainerId: containerId },
      transient: item.transient,
      outcome: item.outcome,
      ...(item.platform ? { platform: item.platform } : {}),
      cause: item,
    });
  }
  return error;
}
