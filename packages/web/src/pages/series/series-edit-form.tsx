/**
 * Changing an occurrence of a series: "Edit this post only" changes its caption
 * (`PATCH /v1/posts/{id}`, the normal edit); "Edit this and all following" changes the
 * caption and, when asked, the rule of this occurrence and every following one not yet
 * published (`PATCH /v1/series/{id}` with `fromPostId`). Earlier and published
 * occurrences are never touched; the form says so.
 */
import type { Post, Series } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { wallClockIn } from '../../components/person-zone';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { RepeatControl } from './repeat-control';
import {
  buildRrule,
  noRepeat,
  problemControl,
  repeatFromRule,
  repeatProblem,
  type RepeatDraft,
} from './repeat-rule';

export type SeriesEditScope = 'this' | 'following';

export interface SeriesEditFormProps {
  post: Post;
  series: Series;
  scope: SeriesEditScope;
  /** Saved: what the page should say. */
  onSaved(message: string): void;
  onClose(): void;
}

export function SeriesEditForm({ post, series, scope, onSaved, onClose }: SeriesEditFormProps) {
  const api = useApi();
  const t = useT();
  const [caption, setCaption] = useState(post.content);
  const [changeRule, setChangeRule] = useState(false);
  const [repeat, setRepeat] = useState<RepeatDraft>(
    () => repeatFromRule(series.rrule) ?? { ...noRepeat(), frequency: 'weekly' },
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // The new rule starts at this occurrence, on its day in the series' zone.
  const startDate = post.scheduledFor ? wallClockIn(post.scheduledFor, series.timezone).date : '';
  const problem = changeRule ? repeatProblem(repeat, startDate) : null;
  const id = `series-edit-${scope}`;

  async function submit(event: Event) {
    event.preventDefault();
    setError('');
    const rrule = changeRule ? buildRrule(repeat, startDate) : null;
    const content = caption !== post.content ? caption : undefined;
    if (problem) return;
    if (content === undefined && rrule === null) {
      setError(t('series.edit.nothing'));
      return;
    }
    setBusy(true);
    try {
      if (scope === 'this') {
        await api.posts.update(post.id, { content: caption });
        onSaved(t('series.edit.savedThis'));
      } else {
        await api.series.update(series.id, {
          fromPostId: post.id,
          ...(content !== undefined ? { content } : {}),
          ...(rrule ? { rrule } : {}),
        });
        onSaved(t('series.edit.savedFollowing'));
      }
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setBusy(false);
    }
  }

  const title = t(scope === 'this' ? 'series.edit.titleThis' : 'series.edit.titleFollowing');
  return (
    <form
      class="series-edit"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <p class="hint">
        {t(scope === 'this' ? 'series.edit.hintThis' : 'series.edit.hintFollowing')}
      </p>
      <label for={`${id}-caption`}>
        {t('series.edit.caption')}
        <textarea
          id={`${id}-caption`}
          rows={4}
          value={caption}
          onInput={(event) => setCaption(event.currentTarget.value)}
        />
      </label>
      {scope === 'following' && (
        <>
          <label>
            <input
              type="checkbox"
              checked={changeRule}
              onChange={(event) => setChangeRule(event.currentTarget.checked)}
            />
            {t('series.edit.changeRule')}
          </label>
          {changeRule && (
            <RepeatControl
              id={id}
              field={`${id}-rule`}
              value={repeat}
              startDate={startDate}
              allowNone={false}
              error={problem ? t(problem.key, problem.values) : null}
              errorAt={problemControl(problem?.key)}
              onChange={(change) => setRepeat((current) => ({ ...current, ...change }))}
            />
          )}
        </>
      )}
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
          {busy ? t('series.edit.saving') : t('series.edit.save')}
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          {t('series.edit.close')}
        </button>
      </div>
    </form>
  );
}
