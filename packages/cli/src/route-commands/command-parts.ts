/**
 * Options several commands share: paging, sorting and fetching every page.
 */
import { SORT_ORDERS } from '@reelay/core';
import type { OptionSpec } from './command-spec';

/** `--limit` and `--offset`, filling the route's paging fields. */
export const pageOptions: readonly OptionSpec[] = [
  { flags: '--limit', value: 'n', help: 'help.limit', field: 'limit' },
  { flags: '--offset', value: 'n', help: 'help.offset', field: 'offset' },
];
/** `--sort`, offering only the sort orders, not their aliases. */
export const sortOption: OptionSpec = {
  flags: '--sort',
  value: 'placeholder.order',
  help: 'help.sortCreated',
  field: 'sort',
  only: SORT_ORDERS,
};
/** `--all`: follow the pages to the end. */
export const allPages: OptionSpec = { flags: '--all', help: 'help.allPages' };
