/**
 * One media of the library: its thumbnail (a video shows its first frame and a play
 * mark), what the server measured, the kinds of post it fits, when it was added, and
 * what can be done with it. A refused deletion is explained in the card, with links to
 * the posts that hold it.
 */
import { kindsText, MediaThumb, mediaTitle } from '../../components/library-item';
import {
  dimensionsText,
  durationText,
  formatBytes,
  formatName,
} from '../../components/media-facts';
import type { LibraryMedia } from '../../components/media-library';
import { t, useT } from '../../i18n';
import { PostLinks, type PostSummary } from './post-links';

/** Why the server refused to delete a media: the posts still using it. */
export interface Blocked {
  postIds: string[];
  /** The posts as the media's detail describes them, when it could be read. */
  posts: PostSummary[] | null;
}

export interface MediaCardProps {
  media: LibraryMedia;
  zone: string;
  blocked: Blocked | null;
  onDetails(): void;
  onDelete(): void;
}

export function MediaCard({ media, zone, blocked, onDetails, onDelete }: MediaCardProps) {
  useT();
  const title = mediaTitle(media, zone);
  const titleId = `media-${media.id}-title`;
  const dimensions = dimensionsText(media);
  const duration = durationText(media);
  return (
    <article id={`media-${media.id}`} class="library-item" aria-labelledby={titleId}>
      <MediaThumb media={media} class="library-thumb" />
      <h3 id={titleId}>{title}</h3>
      <dl class="facts">
        <dt>{t('library.format')}</dt>
        <dd>{formatName(media.mime)}</dd>
        <dt>{t('library.size')}</dt>
        <dd>{formatBytes(media.size)}</dd>
        {dimensions && (
          <>
            <dt>{t('library.dimensions')}</dt>
            <dd>{dimensions}</dd>
          </>
        )}
        {duration && (
          <>
            <dt>{t('library.duration')}</dt>
            <dd>{duration}</dd>
          </>
        )}
        <dt>{t('library.kinds')}</dt>
        <dd>{kindsText(media.kinds)}</dd>
      </dl>
      <footer class="actions">
        <button
          type="button"
          class="secondary"
          aria-label={t('library.detailsLabel', { title })}
          onClick={onDetails}
        >
          {t('library.details')}
        </button>
        <button
          type="button"
          class="danger outline"
          aria-label={t('library.deleteLabel', { title })}
          onClick={onDelete}
        >
          {t('library.delete')}
        </button>
      </footer>
      {blocked && (
        <div role="alert" class="library-blocked">
          <p>{t('library.inUse', { count: blocked.postIds.length })}</p>
          <PostLinks
            ids={blocked.postIds}
            posts={blocked.posts}
            zone={zone}
            label={t('library.blockingPosts')}
          />
        </div>
      )}
    </article>
  );
}
