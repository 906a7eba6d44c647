/**
 * The box a reply is written in, public or private: the text (its limit in characters,
 * or in bytes for a private message), the project's saved replies (picking one fills the
 * box) with a way to manage them, and the send button. A refusal shows under the text,
 * which keeps what was written. Sending the same text again reuses its idempotency key,
 * so a retry after a lost answer never replies twice.
 */
import type { SavedReply } from '@reelay/sdk';
import { useRef, useState } from 'preact/hooks';
import { currentLanguage, useT } from '../../i18n';
import { describeCommentError } from './comment-errors';
import { newReplyKey, utf8Bytes } from './comment-limits';

export interface ReplyFormProps {
  /** The textarea's id (the inbox's `r` key focuses `reply-<thread id>`). */
  id: string;
  label: string;
  hint: string;
  submitLabel: string;
  /** Characters allowed, or, with `bytes`, UTF-8 bytes (a private message). */
  max: number;
  bytes?: boolean;
  busy: boolean;
  /** Why nothing can be sent now (a hidden or deleted comment), shown instead of the box. */
  closedReason?: string | null;
  /** Sends the text; answers the refusal, or null once sent. */
  onSend(message: string, idempotencyKey: string): Promise<unknown>;
  /** The project's saved replies, to fill the box with; null while not read. */
  savedReplies?: readonly SavedReply[] | null;
  /** Opens the dialog that creates and deletes saved replies. */
  onManageSaved?: () => void;
  onCancel?: () => void;
  cancelLabel?: string;
}

export function ReplyForm(props: ReplyFormProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const attempt = useRef<{ text: string; key: string } | null>(null);
  const used = props.bytes ? utf8Bytes(text) : text.length;
  const over = used > props.max;
  const number = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  const savedId = `${props.id}-saved`;

  if (props.closedReason) return <p class="notice reply-closed">{props.closedReason}</p>;

  async function send(event: Event) {
    event.preventDefault();
    const message = text.trim();
    if (!message || over || props.busy) return;
    // The same text keeps its key (a retry); a changed text is a new reply.
    if (attempt.current?.text !== message) attempt.current = { text: message, key: newReplyKey() };
    const refusal = await props.onSend(message, attempt.current.key);
    if (refusal) {
      setError(refusal);
      box.current?.focus();
      return;
    }
    attempt.current = null;
    setError(null);
    setText('');
  }

  return (
    <form class="reply-form" onSubmit={(event) => void send(event)}>
      <label for={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        ref={box}
        rows={3}
        value={text}
        aria-invalid={error || over ? 'true' : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        onInput={(event) => setText(event.currentTarget.value)}
      />
      <small id={hintId} class={over ? 'form-error' : undefined}>
        {props.hint}{' '}
        {t(props.bytes ? 'inbox.reply.bytes' : 'inbox.reply.characters', {
          used: number(used),
          max: number(props.max),
        })}
      </small>
      {error ? (
        <p id={errorId} role="alert" class="form-error">
          {describeCommentError(error)}
        </p>
      ) : null}
      <div class="reply-tools">
        {props.savedReplies && props.savedReplies.length > 0 && (
          <label for={savedId} class="saved-pick">
            <span class="visually-hidden">{t('inbox.saved.pickLabel')}</span>
            <select
              id={savedId}
              value=""
              onChange={(event) => {
                const chosen = props.savedReplies!.find(
                  (reply) => reply.id === event.currentTarget.value,
                );
                event.currentTarget.value = '';
                if (!chosen) return;
                setText(chosen.text);
                box.current?.focus();
              }}
            >
              <option value="">{t('inbox.saved.pick')}</option>
              {props.savedReplies.map((reply) => (
                <option key={reply.id} value={reply.id}>
                  {reply.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {props.onManageSaved && (
          <button type="button" class="secondary outline" onClick={props.onManageSaved}>
            {t('inbox.saved.manage')}
          </button>
        )}
        {props.onCancel && (
          <button type="button" class="secondary" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
        )}
        <button
          type="submit"
          aria-busy={props.busy ? 'true' : undefined}
          disabled={props.busy || !text.trim() || over}
        >
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
