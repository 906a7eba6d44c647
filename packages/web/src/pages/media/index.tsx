/**
 * The media library: the project's photos and videos (uploaded here, in the composer or
 * through the API), newest first or oldest first, filtered by type, by use and by file
 * name, a page at a time. Each shows the file name it was sent with, what the server
 * measured and the kinds of post it fits; one no post uses says so, since the server
 * deletes such media after some days unless kept (the card's "Keep" switch); its detail
 * lists the posts that use it. Deleting asks first, and the server refuses while a
 * scheduled post uses the media: the card then says so, with links to those posts. The
 * filters, the order and the page live in the address.
 */
import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { LibraryMedia } from '../../components/media-library';
import { ActionFeedback, useActionFeedback } from '../../components/page-feedback';
import { PageHeading } from '../../components/page-heading';
import { usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { useT } from '../../i18n';
import { LibraryUpload } from './library-upload';
import { mediaTitle } from '../../components/library-item';
import { LibraryFilters } from './library-filters';
import { LibraryResults } from './library-results';
import { MediaDetailDialog } from './media-detail';
import { useLibraryAddress } from './use-library-address';
import { useLibraryPage } from './use-library-page';
import { useMediaKeep } from './use-media-keep';
import { useMediaRemoval } from './use-media-removal';
import './media.css';

/** Media per page: four rows of a wide grid. */
export const PAGE_SIZE = 24;

export default function MediaPage() {
  const t = useT();
  const zone = usePersonTimeZone();
  const { type, use, q, sort, page, goTo } = useLibraryAddress();
  const library = useLibraryPage({
    type,
    unused: use === undefined ? undefined : use === 'unused',
    q,
    sort,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const feedback = useActionFeedback();
  const keeping = useMediaKeep({ zone, refresh: library.refresh, feedback });
  const [opened, setOpened] = useState<LibraryMedia | null>(null);
  const removal = useMediaRemoval({
    zone,
    shown: library.data?.media.length ?? 0,
    page,
    refresh: library.refresh,
    goToPage: (previous) => goTo({ page: previous }),
    feedback,
    onSettled: () => setOpened(null),
  });
  const { confirming, setConfirming } = removal;

  const total = library.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section class="library-page">
      <PageHeading title={t('library.title')} help={<p>{t('library.intro')}</p>}>
        {t('library.title')}
      </PageHeading>
      <LibraryUpload
        onNotice={feedback.setNotice}
        onAdded={(name) => {
          feedback.setNotice(t('library.added', { name }));
          void library.refresh();
        }}
      />
      <section aria-labelledby="library-list-title">
        <h2 id="library-list-title">{t('library.listTitle')}</h2>
        <LibraryFilters
          type={type}
          use={use}
          q={q}
          sort={sort}
          onChange={(changes) => goTo({ ...changes, page: 1 })}
        />
        <p class="hint">
          {total > 0 && (
            <>{t('library.summary', { count: total, page: Math.min(page, pages), pages })} </>
          )}
          {t('library.timesIn', { zone: zoneLabel(zone) })}
        </p>
        <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />
        <LibraryResults
          library={library}
          filtered={use || q ? 'other' : type ? 'type' : null}
          zone={zone}
          blocked={removal.blocked}
          pendingKeep={keeping.pendingKeep}
          onKeep={(media, keep) => void keeping.setKeep(media, keep)}
          page={page}
          pages={pages}
          onPage={(next) => goTo({ page: next })}
          onDetails={setOpened}
          onDelete={setConfirming}
        />
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
          busy={removal.busy}
          onConfirm={() => void removal.confirmDelete()}
          onCancel={() => setConfirming(null)}
        >
          <p>{t('library.deleteBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
