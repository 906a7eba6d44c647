/**
 * English texts of the composer's preview tabs and frames, the queue's guard, saved
 * captions and hashtag groups, and the crop dialog. Its type is the shape of the
 * Portuguese texts, so a key missing here, or one only here, does not compile. Mounted
 * in `en.ts` as `composer`.
 */
import type { composePtBR } from './compose-pt-BR';

/** The same nested keys as `T`, each a text (as `TranslationShape` in `en.ts`). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const composeEn: Shape<typeof composePtBR> = {
  preview: {
    accounts: 'Accounts in the preview',
    panel: 'The post as the chosen account would show it',
    less: 'less',
    actions: 'Like, comment, share, save',
    reelZones:
      'The shaded areas are covered by the Reel’s caption and buttons: keep text and faces out of them.',
    storyZones:
      'The shaded areas at the top and bottom are covered by the Story’s profile and reply box.',
  },
  queue: {
    blocked: 'To add to the queue, every account needs a free slot.',
    noSchedule_one: '{{names}} has no posting schedule.',
    noSchedule_other: '{{names}} have no posting schedule.',
    full_one: '{{names}} has no free slot left in its schedule.',
    full_other: '{{names}} have no free slot left in their schedules.',
  },
  snippets: {
    insert: 'Insert saved caption or hashtags',
    save: 'Save as snippet',
    saveHint: 'Write the caption to be able to save it.',
    pickerTitle: 'Saved captions and hashtags',
    pickerIntro: 'The text goes where the cursor was in the caption, or at its end.',
    captions: 'Captions',
    hashtags: 'Hashtag groups',
    none: 'None saved yet.',
    empty:
      'The project has no saved captions or hashtags yet. Write a caption and use “Save as snippet”.',
    loadFailed: 'The saved captions and hashtags could not be loaded.',
    inserted: '“{{title}}” inserted in the caption.',
    close: 'Close',
    saveTitle: 'Save as snippet',
    saveSelection:
      'Saves the text selected in the caption, to reuse in other posts of the project.',
    saveCaption: 'Saves the caption, to reuse in other posts of the project.',
    kind: 'Save as',
    kindCaption: 'Caption',
    kindHashtags: 'Hashtag group',
    title: 'Title',
    titleHint: 'Up to {{max}} characters, to find it in the list.',
    titleRequired: 'Give the snippet a title.',
    text: 'Text',
    textRequired: 'The text cannot be empty.',
    submit: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    savedCaption: '“{{title}}” saved as a caption.',
    savedHashtags: '“{{title}}” saved as a hashtag group.',
  },
  crop: {
    title: 'Crop {{name}}',
    intro:
      'The image is {{width}} × {{height}} px, outside the shape a {{kind}} post takes. Choose a shape and move the crop area (by dragging, or with the arrow keys).',
    ratio: 'Shape',
    area: 'Crop area',
    areaHint: 'Use the arrow keys to move the crop; with Shift, in bigger steps.',
    confirm: 'Crop and upload',
    asIs: 'Upload as it is',
  },
};
