/**
 * Saving the composer's post as a draft: only what even a draft cannot have is refused
 * first; the body leaves out what is missing; an edit sends its accounts (and the options
 * chosen here) only when they changed; a saved draft fills the composer back.
 */
import type { Post } from '@reelay/sdk';
import { describe, expect, it } from 'vitest';
import {
  buildDraftBody,
  buildDraftEdit,
  checkDraftToSave,
  emptyOptions,
  type ComposeDraft,
  type DraftItem,
} from './compose-rules';
import { choicesOfDraft } from './use-compose-draft';

const image = (key: string): DraftItem => ({
  key,
  status: 'ready',
  media: {
    id: `med_${key}`,
    type: 'image',
    mime: 'image/jpeg',
    size: 50_000,
    width: 1080,
    height: 1350,
  },
});

function draft(change: Partial<ComposeDraft> = {}): ComposeDraft {
  return {
    items: [],
    kindChoice: 'auto',
    caption: 'Ideia: café gelado',
    accountIds: [],
    loginModes: { int_1: 'instagram' },
    options: {},
    when: 'now',
    date: '',
    time: '',
    timeZone: 'America/Sao_Paulo',
    ...change,
  };
}

describe('a draft saved from the composer', () => {
  it('may lack accounts, media and a time, but not have what is wrong in itself', () => {
    expect(checkDraftToSave(draft())).toEqual({});
    expect(checkDraftToSave(draft({ caption: '#a '.repeat(31) })).content?.key).toBe(
      'captionHashtags',
    );
    expect(
      checkDraftToSave(draft({ items: [{ key: 'u', status: 'uploading', media: null }] })),
    ).toEqual({ mediaItems: { key: 'mediaUploading' } });
    expect(
      checkDraftToSave(draft({ accountIds: ['a', 'b', 'c', 'd', 'e', 'f'] })).platforms?.key,
    ).toBe('accountsTooMany');
    // A time that does not exist in the zone (clocks move forward that night) is refused.
    const skipped = { when: 'schedule' as const, date: '2026-03-08', time: '02:30' };
    expect(checkDraftToSave(draft({ ...skipped, timeZone: 'America/New_York' }))).toEqual({
      scheduledFor: { key: 'scheduleSkipped' },
    });
  });

  it('leaves out the kind on "automatic", and the time when there is none or it is for the queue', () => {
    expect(buildDraftBody(draft(), null, 'k')).toEqual({
      draft: true,
      content: 'Ideia: café gelado',
      mediaItems: [],
      platforms: [],
      timezone: 'America/Sao_Paulo',
      idempotencyKey: 'k',
    });
    expect(buildDraftBody(draft({ when: 'queue' }), null, 'k')).not.toHaveProperty('scheduledFor');
    const scheduled = buildDraftBody(
      draft({
        items: [image('a')],
        kindChoice: 'story',
        accountIds: ['int_1'],
        options: { int_1: { ...emptyOptions(), firstComment: 'Oi' } },
        when: 'schedule',
        date: '2026-12-01',
        time: '10:00',
      }),
      'story',
      'k',
    );
    expect(scheduled).toMatchObject({
      kind: 'story',
      mediaItems: [{ mediaId: 'med_a' }],
      platforms: [{ platform: 'instagram', accountId: 'int_1' }],
      scheduledFor: '2026-12-01T10:00:00-03:00',
    });
  });

  it('edits with the accounts only when they changed, and takes the time away with null', () => {
    const edited = draft({ items: [image('a')], accountIds: ['int_1'] });
    expect(buildDraftEdit(edited, 'feed', false)).toEqual({
      content: 'Ideia: café gelado',
      mediaItems: [{ mediaId: 'med_a' }],
      scheduledFor: null,
      timezone: 'America/Sao_Paulo',
    });
    expect(buildDraftEdit(edited, 'feed', true).platforms).toEqual([
      { platform: 'instagram', accountId: 'int_1' },
    ]);
  });

  it('marks an evergreen post as such, and unmarks a draft the person unticked', () => {
    expect(buildDraftBody(draft({ evergreen: true }), null, 'k').evergreen).toBe(true);
    expect(buildDraftBody(draft({ evergreen: false }), null, 'k')).not.toHaveProperty('evergreen');
    expect(buildDraftEdit(draft({ evergreen: false }), null, false).evergreen).toBe(false);
    expect(buildDraftEdit(draft({ evergreen: true }), null, false).evergreen).toBe(true);
    expect(buildDraftEdit(draft(), null, false)).not.toHaveProperty('evergreen');
  });

  it('fills the composer back from a saved draft', () => {
    const saved = {
      kind: 'feed',
      content: 'Bolo de fubá',
      mediaItems: [{ type: 'image', url: '/media/a.jpg', mediaId: 'med_a' }],
      platforms: [{ integrationId: 'int_1' }],
      scheduledFor: '2026-12-01T13:00:00.000Z',
      timezone: 'America/Sao_Paulo',
    } as unknown as Post;
    expect(choicesOfDraft(saved)).toEqual({
      kindChoice: 'auto',
      caption: 'Bolo de fubá',
      accountIds: ['int_1'],
      schedule: {
        when: 'schedule',
        date: '2026-12-01',
        time: '10:00',
        timeZone: 'America/Sao_Paulo',
      },
    });
    // A kind the media do not make is kept; no time is "now" (published once submitted).
    expect(choicesOfDraft({ ...saved, kind: 'story', scheduledFor: null })).toMatchObject({
      kindChoice: 'story',
      schedule: { when: 'now' },
    });
  });
});
