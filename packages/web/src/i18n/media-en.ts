/**
 * English texts of the media library's upkeep: the file name a media was sent with,
 * unused media (deleted after some days) and the "Keep" that saves them. Its type is the
 * shape of the Portuguese texts. Mounted in `en.ts` as `mediaUpkeep`.
 */
import type { mediaPtBR } from './media-pt-BR';

/** The same nested keys as `T`, each a text (as `TranslationShape` in `en.ts`). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const mediaEn: Shape<typeof mediaPtBR> = {
  fileName: 'File',
  unusedBadge: 'Unused',
  unusedHint: 'No post uses this media: it is deleted after some days unless kept.',
  keptHint: 'Kept: not deleted even when unused.',
  keep: 'Keep',
  kept: '“{{title}}” is kept: it is not deleted even when unused.',
  unkept: '“{{title}}” is no longer kept: if no post uses it, it is deleted after some days.',
  use: 'Use',
  allUses: 'All',
  unusedOnly: 'Unused only',
  usedOnly: 'In use only',
  search: 'File name',
  searchHint: 'Part of the name, in any case.',
  emptyFiltered: 'No media matches these filters.',
};
