/**
 * English texts of the evergreen queue switch in the posting schedule editor. Its type is
 * the shape of the Portuguese texts, so a key missing here, or one only here, does not
 * compile. Mounted in `en.ts` as `evergreen`.
 */
import type { evergreenPtBR } from './evergreen-pt-BR';

/** The same nested keys as `T`, each a text (as `TranslationShape` in `en.ts`). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const evergreenEn: Shape<typeof evergreenPtBR> = {
  legend: 'Evergreen queue',
  enabled: 'Recycle evergreen posts into empty slots',
  help: 'A slot that comes up with no post gets a copy of the published evergreen post that has gone longest without going out.',
  minDays: 'At least this many days between two outings of the same post',
  minDaysHint: 'From {{min}} to {{max}} days.',
  minDaysInvalid: 'Enter a whole number of days from {{min}} to {{max}}.',
  post: {
    title: 'Evergreen',
    switch: 'Evergreen post: it can come back in empty slots',
    hint: 'Once published, the post comes back as a new post (same media, caption and accounts) in an empty slot of a schedule whose evergreen queue is on.',
    on: 'The post is now evergreen.',
    off: 'The post is no longer evergreen.',
    copyOf: 'Evergreen copy of',
    original: 'the original post',
    readOnly: 'This post is evergreen.',
  },
};
