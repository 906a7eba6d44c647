/**
 * One media of the library: its thumbnail (a video shows its first frame and a play
 * mark), the file name it was sent with, whether no post uses it (such media are deleted
 * after some days unless kept, hence the "Keep" switch), what the server measured, the
 * kinds of post it fits, when it was added, and what can be done with it. A refused deletion is explained in the card, with links to
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
  /** The keep state asked for while the server has not answered; undefined otherwise. */
  pendingKeep: boolean | undefined;
  onDetails(): void;
  onDelete(): void;
  onKeep(keep: boolean): void;
}

export function MediaCard(props: MediaCardProps) {
  const { media, zone, blocked, onDetails, onDelete } = props;
  useT();
  const title = mediaTitle(media, zone);
  const titleId = `media-${media.id}-title`;
  const dimensions = dimensionsText(media);
  const duration = durationText(media);
  const keepHint = media.keep
    ? t('mediaUpkeep.keptHint')
    : media.unused
      ? t('mediaUpkeep.unusedHint')
      : null;
  const keepHintId = keepHint ? `media-${media.id}-keep-hint` : undefined;
  return (
    <article id={`media-${media.id}`} class="library-item" aria-labelledby={titleId}>
      <MediaThumb media={media} class="library-thumb" />
      <h3 id={titleId}>{title}</h3>
      {media.unused && <span class="badge-unused">{t('mediaUpkeep.unusedBadge')}</span>}
      <dl class="facts">
        {media.fileName && (
          <>
            <dt>{t('mediaUpkeep.fileName')}</dt>
            <dd class="file-name">{media.fileName}</dd>
          </>
        )}
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
      <label class="library-keep">
        <input
          type="checkbox"
          role="switch"
          checked={props.pendingKeep ?? media.keep}
          disabled={props.pendingKeep !== undefined}
          aria-busy={props.pendingKeep !== undefined}
          aria-describedby={keepHintId}
          onChange={(event) => props.onKeep(event.currentTarget.checked)}
        />
        {t('mediaUpkeep.keep')}
      </label>
      {keepHint && (
        <small id={keepHintId} class="hint">
          {keepHint}
        </small>
      )}
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
