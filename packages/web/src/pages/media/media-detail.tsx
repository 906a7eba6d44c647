/**
 * A media's detail, in a dialog: the file itself (a video plays), the name it was sent
 * with, what the server measured, the kinds of post it fits, and the posts that use it, each a link to its
 * page. Read when opened, so the list of posts is current.
 */
import { describeError } from '../../components/api-error';
import { mediaFacts, sameOriginUrl } from '../../components/media-facts';
import { readMedia, type LibraryMedia } from '../../components/media-library';
import { ModalDialog } from '../../components/modal-dialog';
import { formatInZone, zoneLabel } from '../../components/person-zone';
import { useLoad } from '../../components/use-load';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { kindsText, mediaTitle } from '../../components/library-item';
import { PostLinks } from './post-links';

export interface MediaDetailDialogProps {
  media: LibraryMedia;
  zone: string;
  onClose(): void;
  onDelete(): void;
}

export function MediaDetailDialog({ media, zone, onClose, onDelete }: MediaDetailDialogProps) {
  const t = useT();
  const api = useApi();
  const { data: detail, error } = useLoad(
    async (signal) => (await readMedia(api, media.id, signal)).media,
    [media.id],
  );
  const title = mediaTitle(media, zone);
  const url = sameOriginUrl(media.url);

  let posts;
  if (error) {
    posts = (
      <p role="alert" class="form-error">
        {t('library.detailFailed')} {describeError(error)}
      </p>
    );
  } else if (!detail) {
    posts = <p aria-busy="true">{t('app.loading')}</p>;
  } else if (detail.posts.length === 0) {
    posts = <p class="empty">{t('library.unused')}</p>;
  } else {
    posts = (
      <PostLinks
        ids={detail.posts.map((post) => post.id)}
        posts={detail.posts}
        zone={zone}
        label={t('library.usedBy')}
      />
    );
  }

  return (
    <ModalDialog
      title={title}
      class="library-detail"
      onClose={onClose}
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose} autofocus>
            {t('library.close')}
          </button>
          <button type="button" class="danger" onClick={onDelete}>
            {t('library.delete')}
          </button>
        </>
      }
    >
      {url &&
        (media.type === 'video' ? (
          <video class="library-preview" src={url} controls preload="metadata" aria-label={title} />
        ) : (
          <img class="library-preview" src={url} alt={title} />
        ))}
      <p class="media-facts">{mediaFacts(media).join(' · ')}</p>
      <dl class="facts">
        {media.fileName && (
          <>
            <dt>{t('mediaUpkeep.fileName')}</dt>
            <dd class="file-name">{media.fileName}</dd>
          </>
        )}
        <dt>{t('library.kinds')}</dt>
        <dd>{kindsText(media.kinds)}</dd>
        <dt>{t('library.addedAt')}</dt>
        <dd>
          <time dateTime={media.createdAt}>{formatInZone(media.createdAt, zone)}</time> ·{' '}
          {zoneLabel(zone)}
        </dd>
      </dl>
      <h3>{t('library.usedBy')}</h3>
      {posts}
    </ModalDialog>
  );
}
