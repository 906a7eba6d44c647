/** The library's filters: the type of media, its use, its file name, and the order. */
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../../i18n';
import type { LibraryAddressChanges, MediaUse, Sort } from './use-library-address';

export interface LibraryFiltersProps {
  type: 'image' | 'video' | undefined;
  use: MediaUse | undefined;
  q: string | undefined;
  sort: Sort;
  /** A filter changed: the list starts again at its first page. */
  onChange(changes: LibraryAddressChanges): void;
}

export function LibraryFilters({ type, use, q, sort, onChange }: LibraryFiltersProps) {
  const t = useT();
  // What is typed stays the field's own until committed: the list reloading after another
  // filter changed redraws this form, and must not take back text typed meanwhile.
  const [draft, setDraft] = useState(q ?? '');
  useEffect(() => setDraft(q ?? ''), [q]);
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
      <label for="library-use">
        {t('mediaUpkeep.use')}
        <select
          id="library-use"
          value={use ?? ''}
          onChange={(event) => onChange({ use: event.currentTarget.value || undefined })}
        >
          <option value="">{t('mediaUpkeep.allUses')}</option>
          <option value="unused">{t('mediaUpkeep.unusedOnly')}</option>
          <option value="used">{t('mediaUpkeep.usedOnly')}</option>
        </select>
      </label>
      <label for="library-search">
        {t('mediaUpkeep.search')}
        {/* Searched when the text is committed (Enter or leaving the field), not per key. */}
        <input
          id="library-search"
          type="search"
          value={draft}
          maxLength={100}
          aria-describedby="library-search-hint"
          onInput={(event) => setDraft(event.currentTarget.value)}
          onChange={(event) => onChange({ q: event.currentTarget.value })}
        />
        <small id="library-search-hint">{t('mediaUpkeep.searchHint')}</small>
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
