/**
 * The library's list as the read left it: the failure (with a retry), loading, empty
 * (saying whether a filter hides media), or the grid of cards with the page buttons.
 */
import { LoadFailed } from '../../components/page-feedback';
import type { LibraryMedia } from '../../components/media-library';
import type { Load } from '../../components/use-load';
import { useT } from '../../i18n';
import { MediaCard, type Blocked } from './media-card';
import type { LibraryPage } from './use-library-page';

export interface LibraryResultsProps {
  library: Load<LibraryPage>;
  /** What hides media, if anything: the type alone, or another filter. */
  filtered: 'type' | 'other' | null;
  zone: string;
  blocked: Readonly<Record<string, Blocked>>;
  /** The keep state asked for while the server has not answered, else undefined. */
  pendingKeep(id: string): boolean | undefined;
  page: number;
  pages: number;
  onPage(page: number): void;
  onDetails(media: LibraryMedia): void;
  onDelete(media: LibraryMedia): void;
  onKeep(media: LibraryMedia, keep: boolean): void;
}

export function LibraryResults(props: LibraryResultsProps) {
  const t = useT();
  const { data, error } = props.library;
  if (error && !data) {
    return (
      <LoadFailed
        message={t('library.loadFailed')}
        error={error}
        onRetry={() => void props.library.retry()}
      />
    );
  }
  if (!data) return <p aria-busy="true">{t('app.loading')}</p>;
  if (data.media.length === 0) {
    const text =
      props.filtered === 'type'
        ? t('library.emptyFiltered')
        : props.filtered === 'other'
          ? t('mediaUpkeep.emptyFiltered')
          : t('library.empty');
    return <p class="empty">{text}</p>;
  }
  return (
    <>
      <ul class="library-grid">
        {data.media.map((media) => (
          <li key={media.id}>
            <MediaCard
              media={media}
              zone={props.zone}
              blocked={props.blocked[media.id] ?? null}
              pendingKeep={props.pendingKeep(media.id)}
              onDetails={() => props.onDetails(media)}
              onDelete={() => props.onDelete(media)}
              onKeep={(keep) => props.onKeep(media, keep)}
            />
          </li>
        ))}
      </ul>
      {props.pages > 1 && (
        <LibraryPages page={props.page} pages={props.pages} onPage={props.onPage} />
      )}
    </>
  );
}

function LibraryPages({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  const t = useT();
  return (
    <nav class="library-pages" aria-label={t('library.pages')}>
      <button
        type="button"
        class="secondary outline"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('library.previous')}
      </button>
      <span>{t('library.pageOf', { page, pages })}</span>
      <button
        type="button"
        class="secondary outline"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('library.next')}
      </button>
    </nav>
  );
}
