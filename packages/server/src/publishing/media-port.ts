/**
 * What publishing needs from media: find a project's media, import a URL, check a use,
 * the URL the platform fetches, and the bytes a resumable upload sends. The media service provides it.
 */
import type { MediaUsage } from '@reelay/core';
import type { VideoByteSource } from '@reelay/core/platform';

export interface PublishableMedia {
  readonly id: string;
  readonly type: 'image' | 'video';
  /** The hosted copy's public URL, shown in the post's `mediaItems`. */
  readonly url: string;
}

export interface MediaPort<Record extends PublishableMedia = PublishableMedia> {
  find(projectId: string, id: string): Promise<Record | null>;
  importFromUrl(projectId: string, url: string): Promise<Record>;
  assertUsable(record: Record, usage: MediaUsage, field: string): void;
  platformUrl(record: Record): Promise<string>;
  /** The stored file's bytes, range by range, for a resumable upload. */
  byteSource(record: Record): VideoByteSource;
}
