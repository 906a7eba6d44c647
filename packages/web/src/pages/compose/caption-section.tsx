/**
 * The kind of post (inferred from the media, or chosen) and the caption with live
 * counters against the platform's limits (core's caption rules), a notice once the
 * caption passes the hashtag cap Instagram announced, and the project's saved captions
 * and hashtag groups to insert, or to save it as one.
 */
import {
  CAPTION_ANNOUNCED_HASHTAG_CAP,
  CAPTION_MAX_HASHTAGS,
  CAPTION_MAX_LENGTH,
  CAPTION_MAX_MENTIONS,
  POST_KINDS,
  type PostKind,
} from '@reelay/sdk';
import { useRef } from 'preact/hooks';
import { currentLanguage, useT } from '../../i18n';
import { CaptionSnippets } from './caption-snippets';
import { captionCounts, overAnnouncedHashtagCap, type TextRange } from './compose-rules';
import { describedBy, FieldNote, noteId, type ErrorOf } from './field-note';

export interface KindFieldProps {
  choice: PostKind | 'auto';
  /** What the media make it when nothing is chosen; `null` without media. */
  inferred: PostKind | null;
  errorOf: ErrorOf;
  onChange(choice: PostKind | 'auto'): void;
}

export function KindField({ choice, inferred, errorOf, onChange }: KindFieldProps) {
  const t = useT();
  const error = errorOf('kind');
  const choices = ['auto', ...POST_KINDS] as const;
  return (
    <fieldset
      class="compose-kind"
      aria-describedby={describedBy('compose-kind-hint', error && noteId('kind'))}
    >
      <legend>{t('compose.kind.legend')}</legend>
      <div class="kind-choices">
        {choices.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="kind"
              value={value}
              checked={choice === value}
              aria-invalid={error ? 'true' : undefined}
              onChange={() => onChange(value)}
            />
            {value === 'auto'
              ? inferred
                ? t('compose.kind.autoWith', { kind: t(`compose.kinds.${inferred}`) })
                : t('compose.kind.auto')
              : t(`compose.kinds.${value}`)}
          </label>
        ))}
      </div>
      <small id="compose-kind-hint">{t('compose.kind.hint')}</small>
      <FieldNote field="kind" text={error} />
    </fieldset>
  );
}

export interface CaptionFieldProps {
  value: string;
  kind: PostKind | null;
  errorOf: ErrorOf;
  onChange(value: string): void;
}

export function CaptionField({ value, kind, errorOf, onChange }: CaptionFieldProps) {
  const t = useT();
  const error = errorOf('content');
  const counts = captionCounts(value);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Kept when focus leaves the caption (for a snippet button), so a snippet goes there.
  const selection = useRef<TextRange | null>(null);
  const number = new Intl.NumberFormat(currentLanguage());
  // Stories have no caption: their own hint and error say so.
  const tooManyHashtags = kind !== 'story' && overAnnouncedHashtagCap(value);
  const counter = (count: number, max: number, key: string) => (
    <span class={count > max ? 'over' : undefined}>
      {t(`compose.caption.${key}`, { value: number.format(count), max: number.format(max) })}
    </span>
  );
  return (
    <div class="compose-caption">
      <label for="compose-caption">{t('compose.caption.label')}</label>
      <textarea
        ref={textarea}
        id="compose-caption"
        name="content"
        rows={6}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(
          'compose-caption-counters',
          kind === 'story' && 'compose-caption-story',
          tooManyHashtags && 'compose-caption-hashtags',
          error && noteId('content'),
        )}
        onInput={(event) => onChange(event.currentTarget.value)}
        onBlur={(event) => {
          const { selectionStart: start, selectionEnd: end } = event.currentTarget;
          selection.current = { start, end };
        }}
      />
      <p id="compose-caption-counters" class="counters">
        {counter(counts.length, CAPTION_MAX_LENGTH, 'characters')}
        {counter(counts.hashtags, CAPTION_MAX_HASHTAGS, 'hashtags')}
        {counter(counts.mentions, CAPTION_MAX_MENTIONS, 'mentions')}
      </p>
      <CaptionSnippets
        caption={value}
        onChange={onChange}
        textarea={textarea}
        selection={selection}
      />
      {/* Always present, so screen readers announce the notice when it appears. */}
      <p id="compose-caption-hashtags" role="status" class="live caption-notice">
        {tooManyHashtags &&
          t('compose.caption.hashtagCap', {
            cap: number.format(CAPTION_ANNOUNCED_HASHTAG_CAP),
          })}
      </p>
      {kind === 'story' && (
        <small id="compose-caption-story" class="hint">
          {t('compose.caption.storyHint')}
        </small>
      )}
      <FieldNote field="content" text={error} />
    </div>
  );
}
