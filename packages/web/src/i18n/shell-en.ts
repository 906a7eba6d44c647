/**
 * English texts of the app's shell. Its type is the shape of the Portuguese texts, so a
 * key missing here, or one only here, does not compile. Mounted in `en.ts` as `shell`.
 */
import type { shellPtBR } from './shell-pt-BR';

/** The same nested keys as `T`, each a text (as `TranslationShape` in `en.ts`). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const shellEn: Shape<typeof shellPtBR> = {
  menu: {
    button: 'Menu',
    label: 'Other pages and your account',
    pages: 'Pages',
    account: 'Your account',
  },
  bottomNav: {
    label: 'Main pages',
    compose: 'Compose',
    more: 'More',
  },
};
