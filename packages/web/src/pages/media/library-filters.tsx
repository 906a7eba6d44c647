/** The library's filters: the type of media, and newest or oldest first. */
import { useT } from '../../i18n';
import type { Sort } from './use-library-address';

export interface LibraryFiltersProps {
  type: 'image' | 'video' | undefined;
  sort: Sort;
  /** A filter changed: the list starts again at its first page. */
  onChange(changes: { type?: string | undefined; sort?: Sort }): void;
}

export function LibraryFilters({ type, sort, onChange }: LibraryFiltersProps) {
  const t = useT();
  return (
    <div class="library-filters">
      <label for="library-type">
        {t('library.type')}
        <select
          id="library-type"
          value={type ?? ''}
          onChange={(event) => onChange({ type: event.currentTarget.value || undefined })}
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
          onChange={(event) => onChange({ sort: event.currentTarget.value as Sort })}
        >
          <option value="desc">{t('library.newest')}</option>
          <option value="asc">{t('library.oldest')}</option>
        </select>
      </label>
    </div>
  );
}
