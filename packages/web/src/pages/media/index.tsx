/**
 * The media library: the project's photos and videos (uploaded here, in the composer or
 * through the API), newest first or oldest first, filtered by type, a page at a time.
 * Each shows what the server measured and the kinds of post it fits; its detail lists the
 * posts that use it. Deleting asks first, and the server refuses while a scheduled post
 * uses the media: the card then says so, with links to those posts. The type, the order
 * and the page live in the address.
 */
import { isReelayError } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { describeError } from '../../components/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { deleteMedia, readMedia, type LibraryMedia } from '../../components/media-library';
import { PageHeading } from '../../components/page-heading';
import { usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { LibraryUpload } from './library-upload';
import { mediaTitle } from '../../components/library-item';
import { MediaCard, type Blocked } from './media-card';
import { MediaDetailDialog } from './media-detail';
import { useLibraryPage } from './use-library-page';
import './media.css';

const PAGE_PATH = '/app/media';
/** Media per page: four rows of a wide grid. */
export const PAGE_SIZE = 24;

type Sort = 'asc' | 'desc';

export default function MediaPage() {
  const api = useApi();
  const t = useT();
  const { query, route } = useLocation();
  const zone = usePersonTimeZone();
  const type = query.type === 'image' || query.type === 'video' ? query.type : undefined;
  const sort: Sort = query.sort === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number.parseInt(query.page ?? '', 10) || 1);
  const library = useLibraryPage({ type, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  const [opened, setOpened] = useState<LibraryMedia | null>(null);
  const [confirming, setConfirming] = useState<LibraryMedia | null>(null);
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<Record<string, Blocked>>({});

  const total = library.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  /** Writes the type, order and page into the address; a new entry, so Back returns. */
  function goTo(changes: { type?: string | undefined; sort?: Sort; page?: number }) {
    const next = new URLSearchParams();
    const merged = { type, sort, page, ...changes };
    if (merged.type) next.set('type', merged.type);
    if (merged.sort === 'asc') next.set('sort', 'asc');
    if (merged.page && merged.page > 1) next.set('page', String(merged.page));
    const search = next.toString();
    route(search ? `${PAGE_PATH}?${search}` : PAGE_PATH);
  }

  async function confirmDelete() {
    const media = confirming;
    if (!media) return;
    const title = mediaTitle(media, zone);
    setBusy(true);
    setNotice('');
    setActionError('');
    try {
      await deleteMedia(api, media.id);
      setConfirming(null);
      setOpened(null);
      await library.refresh();
      // The last media of a later page gone: the page before it.
      if (library.data && library.data.media.length === 1 && page > 1) goTo({ page: page - 1 });
      setNotice(t('library.deleted', { title }));
    } catch (caught) {
      setConfirming(null);
      setOpened(null);
      const ids = isReelayError(caught, 'MEDIA_IN_USE') ? caught.details?.postIds : undefined;
      if (Array.isArray(ids)) {
        const postIds = ids.filter((id): id is string => typeof id === 'string');
        setBlocked((current) => ({ ...current, [media.id]: { postIds, posts: null } }));
        // The detail names each post's status and time; the ids alone still link.
        readMedia(api, media.id).then(
          ({ media: detail }) =>
            setBlocked((current) => ({
              ...current,
              [media.id]: { postIds, posts: detail.posts },
            })),
          () => undefined,
        );
      } else setActionError(describeError(caught));
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (library.error && !library.data) {
    body = (
      <div role="alert">
        <p>
          {t('library.loadFailed')} {describeError(library.error)}
        </p>
        <button type="button" onClick={() => void library.retry()}>
          {t('app.retry')}
        </button>
      </div>
    );
  } else if (!library.data) {
    body = <p aria-busy="true">{t('app.loading')}</p>;
  } else if (library.data.media.length === 0) {
    body = <p class="empty">{type ? t('library.emptyFiltered') : t('library.empty')}</p>;
  } else {
    body = (
      <>
        <ul class="library-grid">
          {library.data.media.map((media) => (
            <li key={media.id}>
              <MediaCard
                media={media}
                zone={zone}
                blocked={blocked[media.id] ?? null}
                onDetails={() => setOpened(media)}
                onDelete={() => setConfirming(media)}
              />
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav class="library-pages" aria-label={t('library.pages')}>
            <button
              type="button"
              class="secondary outline"
              disabled={page <= 1}
              onClick={() => goTo({ page: page - 1 })}
            >
              {t('library.previous')}
            </button>
            <span>{t('library.pageOf', { page, pages })}</span>
            <button
              type="button"
              class="secondary outline"
              disabled={page >= pages}
              onClick={() => goTo({ page: page + 1 })}
            >
              {t('library.next')}
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section class="library-page">
      <PageHeading title={t('library.title')}>{t('library.title')}</PageHeading>
      <p>{t('library.intro')}</p>
      <LibraryUpload
        onNotice={setNotice}
        onAdded={(name) => {
          setNotice(t('library.added', { name }));
          void library.refresh();
        }}
      />
      <section aria-labelledby="library-list-title">
        <h2 id="library-list-title">{t('library.listTitle')}</h2>
        <div class="library-filters">
          <label for="library-type">
            {t('library.type')}
            <select
              id="library-type"
              value={type ?? ''}
              onChange={(event) => goTo({ type: event.currentTarget.value || undefined, page: 1 })}
            >
              <option value="">{t('library.allTypes')}</option>
              <option value="image">{t('library.images')}</option>
              <option value="video">{t('library.videos')}</option>
            </select>
          </label>
          <label for="library-sort">
            {t('library.sort')}
            <select
              id="library-sort"
              value={sort}
              onChange={(event) => goTo({ sort: event.currentTarget.value as Sort, page: 1 })}
            >
              <option value="desc">{t('library.newest')}</option>
              <option value="asc">{t('library.oldest')}</option>
            </select>
          </label>
        </div>
        <p class="hint">
          {library.data && library.data.total > 0 && (
            <>
              {t('library.summary', {
                count: library.data.total,
                page: Math.min(page, pages),
                pages,
              })}{' '}
            </>
          )}
          {t('library.timesIn', { zone: zoneLabel(zone) })}
        </p>
        <p role="status" class="live">
          {notice}
        </p>
        {actionError && (
          <p role="alert" class="form-error">
            {actionError}
          </p>
        )}
        {body}
      </section>
      {opened && !confirming && (
        <MediaDetailDialog
          media={opened}
          zone={zone}
          onClose={() => setOpened(null)}
          onDelete={() => setConfirming(opened)}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={t('library.deleteTitle', { title: mediaTitle(confirming, zone) })}
          confirmLabel={t('library.delete')}
          cancelLabel={t('library.cancel')}
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        >
          <p>{t('library.deleteBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
