/**
 * English texts of the grid planner and of the suggested times in the posting schedule
 * editor. Its type is the shape of the Portuguese texts, so a key missing here, or one
 * only here, does not compile. Mounted in `en.ts` as `grid`.
 */
import type { gridPtBR } from './grid-pt-BR';

/** The same nested keys as `T`, each a text (as `TranslationShape` in `en.ts`). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const gridEn: Shape<typeof gridPtBR> = {
  nav: 'Grid',
  title: 'Grid planner',
  help: "The profile grid as it will look on Instagram, in 3 columns with the newest first: Reelay's scheduled posts and drafts above the ones already published. Drag a scheduled post onto another, or use “Swap with…”, to swap their times.",
  account: 'Account',
  noAccounts: 'No account connected yet.',
  connectFirst: 'Connect an account on the accounts page',
  loadFailed: "The account's posts could not be read.",
  gridLabel: 'Grid of @{{name}}, newest first',
  empty: 'No scheduled, draft or published post on this account yet.',
  counts: '{{planned}} planned, {{published}} published (the {{max}} latest at most).',
  publishedNote:
    'Published posts are those Reelay published on this account; posts made outside Reelay are not shown.',
  zoneNote: 'Times in the {{zone}} time zone.',
  noTime: 'No time',
  swapWith: 'Swap with…',
  swapTitle: 'Swap the time of “{{caption}}”',
  swapIntro: 'Now at {{time}}. Choose the post that takes this time:',
  swapChoice: '“{{caption}}”, {{time}}',
  swapNone: 'There is no other scheduled post to swap with.',
  cancel: 'Cancel',
  swapping: 'Swapping the times…',
  swapped: 'Times swapped: “{{first}}” now at {{firstTime}}, “{{second}}” now at {{secondTime}}.',
  swapFailed: 'The times were not swapped: {{reason}}',
  swapUndone:
    'The times were not swapped: {{reason}} The change to “{{caption}}” was undone; both posts are as they were.',
  swapUndoFailed:
    'The swap is half done: {{reason}} “{{caption}}” stayed at {{time}} and did not go back to its time. Check both posts.',
  dragHint: 'Drag onto another scheduled post to swap their times.',
  untitled: 'No caption',
  suggest: {
    button: 'Suggest times',
    loading: 'Looking for the best times…',
    failed: 'Times could not be suggested: {{reason}}',
    title: 'Suggested times',
    listLabel: 'Suggested times for {{name}}',
    sourceAudience: "From the hours the account's followers are online.",
    sourcePosts: "From the reach and interactions of the account's posts in the last 90 days.",
    sourceDefault:
      'The account has no data yet (under 100 followers or few posts): common engagement times, to start with.',
    reasonAudience:
      'On average {{score}} followers online at {{time}} on {{day}}, the busiest hour of that day.',
    reasonPosts:
      'Posts published at {{time}} on {{day}} averaged {{score}} in reach and interactions (interactions count three times).',
    reasonDefault: 'A common engagement time.',
    zone: 'Times in the {{zone}} time zone.',
    use: 'Use these',
    used_one:
      '{{count}} suggested time put in the schedule, replacing the previous ones. Save to keep it.',
    used_other:
      '{{count}} suggested times put in the schedule, replacing the previous ones. Save to keep them.',
    none: 'No time to suggest.',
  },
  days: {
    caption: 'Times of each day of {{name}}',
    times: 'Times',
  },
};
