/**
 * The team's trail on a post: the internal notes (never published), with a form any
 * member can use, viewers included, and the activity — who did what, and when, in the
 * person's time zone. Adding a note reads both again, since the note is in the activity.
 */
import type { ActivityEntry, Actor, Note } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { formatInZone } from '../../components/person-zone';
import { useLoad } from '../../components/use-load';
import { i18n, useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { NOTE_MAX_LENGTH } from '@reelay/sdk';

function useActorName(): (actor: Actor) => string {
  const t = useT();
  return (actor) => {
    if (actor.kind === 'system') return t('postDetail.trail.system');
    if (actor.kind === 'review_link') return t('postDetail.trail.reviewLink');
    const name = actor.name ?? t('postDetail.trail.removed');
    return actor.kind === 'key' ? t('postDetail.trail.key', { name }) : name;
  };
}

function NoteForm({ postId, onAdded }: { postId: string; onAdded(): void }) {
  const t = useT();
  const api = useApi();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <form
      class="note-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        setBusy(true);
        api.posts.addNote(postId, { text }).then(
          () => {
            setText('');
            setError(null);
            setBusy(false);
            onAdded();
          },
          (caught: unknown) => {
            setError(caught);
            setBusy(false);
          },
        );
      }}
    >
      <label for="post-note">{t('postDetail.trail.newNote')}</label>
      <textarea
        id="post-note"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        value={text}
        aria-describedby="post-note-hint"
        onInput={(event) => setText(event.currentTarget.value)}
      />
      <small id="post-note-hint">
        {t('postDetail.trail.noteHint', {
          max: new Intl.NumberFormat(i18n.language).format(NOTE_MAX_LENGTH),
        })}
      </small>
      {error ? (
        <p role="alert" class="form-error">
          {describeError(error)}
        </p>
      ) : null}
      <button type="submit" disabled={busy || !text.trim()} aria-busy={busy ? 'true' : undefined}>
        {t('postDetail.trail.addNote')}
      </button>
    </form>
  );
}

export function PostTrail({ postId, zone }: { postId: string; zone: string }) {
  const t = useT();
  const api = useApi();
  const actorName = useActorName();
  const notes = useLoad((signal) => api.posts.notes(postId, { signal }), [api, postId]);
  const activity = useLoad((signal) => api.posts.activity(postId, { signal }), [api, postId]);
  const describe = (entry: ActivityEntry) => {
    const action = t(`postDetail.trail.actions.${entry.action}`);
    return entry.fields?.length ? `${action} (${entry.fields.join(', ')})` : action;
  };

  return (
    <>
      <section class="post-notes" aria-labelledby="post-notes-title">
        <h2 id="post-notes-title">{t('postDetail.trail.notesTitle')}</h2>
        <p class="hint">{t('postDetail.trail.notesIntro')}</p>
        {notes.error ? (
          <p role="alert" class="form-error">
            {describeError(notes.error)}
          </p>
        ) : !notes.data ? (
          <p aria-busy="true">{t('app.loading')}</p>
        ) : notes.data.notes.length === 0 ? (
          <p class="empty">{t('postDetail.trail.noNotes')}</p>
        ) : (
          <ol class="note-list">
            {notes.data.notes.map((note: Note) => (
              <li key={note.id}>
                <p class="note-meta">
                  <strong>{actorName(note.author)}</strong> ·{' '}
                  <time dateTime={note.createdAt}>{formatInZone(note.createdAt, zone)}</time>
                </p>
                <p class="note-text">{note.text}</p>
              </li>
            ))}
          </ol>
        )}
        <NoteForm
          postId={postId}
          onAdded={() => {
            void notes.refresh();
            void activity.refresh();
          }}
        />
      </section>
      <section class="post-activity" aria-labelledby="post-activity-title">
        <h2 id="post-activity-title">{t('postDetail.trail.activityTitle')}</h2>
        {activity.error ? (
          <p role="alert" class="form-error">
            {describeError(activity.error)}
          </p>
        ) : !activity.data ? (
          <p aria-busy="true">{t('app.loading')}</p>
        ) : (
          <ol class="activity-list">
            {activity.data.activity.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.createdAt}>{formatInZone(entry.createdAt, zone)}</time>{' '}
                <strong>{actorName(entry.actor)}</strong> {describe(entry)}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
