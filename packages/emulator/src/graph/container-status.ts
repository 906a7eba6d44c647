import type { EmulatorContext } from '../emulator-context';
import { DAY_MS } from '../state/store';
import type { Container, ContainerStatusCode } from '../state/types';

/** An unpublished container expires 24 h after creation (reference §2 "Limits"). */
export const CONTAINER_TTL_MS = DAY_MS;

/** A container's state; `subcode` says why an `ERROR` container failed. */
export interface ContainerStatus {
  readonly code: ContainerStatusCode;
  readonly subcode?: number | undefined;
}

/**
 * Where a container stands, worked out from the clock rather than from timers, so that a
 * test moving the clock sees containers finish and expire at once:
 * PUBLISHED once published; EXPIRED 24 h after creation; a state forced through the
 * control API; ERROR when its media failed; a carousel waits for its items; IN_PROGRESS
 * until the media is fetched and the processing time has passed; then FINISHED.
 */
export function containerStatus(ctx: EmulatorContext, container: Container): ContainerStatus {
  if (container.publishedMediaId !== undefined) return { code: 'PUBLISHED' };
  const now = ctx.now();
  if (container.forced?.status === 'EXPIRED' || now >= container.createdAt + CONTAINER_TTL_MS) {
    return { code: 'EXPIRED' };
  }
  const forced = container.forced;
  if (forced)
    return forced.status === 'ERROR'
      ? { code: 'ERROR', subcode: forced.subcode }
      : { code: forced.status };
  if (container.fetch.state === 'failed')
    return { code: 'ERROR', subcode: container.fetch.subcode };
  if (container.kind === 'CAROUSEL') {
    let waiting = false;
    for (const childId of container.children ?? []) {
      const child = ctx.store.containers.get(childId);
      const status = child
        ? containerStatus(ctx, child)
        : { code: 'ERROR' as const, subcode: 2207006 };
      if (status.code === 'ERROR') return status;
      if (status.code === 'IN_PROGRESS') waiting = true;
    }
    if (waiting) return { code: 'IN_PROGRESS' };
  }
  if (container.fetch.state === 'pending' || now < container.readyAt)
    return { code: 'IN_PROGRESS' };
  return { code: 'FINISHED' };
}

/**
 * The `status` text beside `status_code`, in the form seen from the platform
 * (reference §2: `"Error: Media upload has failed with error code 2207026"`).
 *
 * @example
 * ```ts
 * statusText({ code: 'FINISHED' }); // 'Finished: Media has been uploaded and it is ready to be published.'
 * ```
 */
export function statusText(status: ContainerStatus): string {
  switch (status.code) {
    case 'FINISHED':
      return 'Finished: Media has been uploaded and it is ready to be published.';
    case 'IN_PROGRESS':
      return 'In Progress: Media is still being processed.';
    case 'ERROR':
      return `Error: Media upload has failed with error code ${status.subcode ?? 2207001}`;
    case 'EXPIRED':
      return 'Expired: Media has not been published within 24 hours of being uploaded.';
    case 'PUBLISHED':
      return 'Published: Media has been published.';
  }
}
