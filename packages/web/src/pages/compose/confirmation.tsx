/**
 * What the composer shows once the server accepted the post: where it goes and when. A
 * post added to the queue lists the slot each account took, in the person's zone; a post
 * that waits for approval says so; a saved draft says whether it is complete.
 */
import { useEffect, useRef } from 'preact/hooks';
import { useT } from '../../i18n';
import { ConfirmationBody, type ConfirmationBodyProps } from './confirmation-body';

export interface ConfirmationProps extends ConfirmationBodyProps {
  onAnother(): void;
}

export function Confirmation(props: ConfirmationProps) {
  const { post, draft, queued, onAnother } = props;
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = draft
    ? t('compose.done.draftTitle')
    : post.status === 'awaiting_approval'
      ? t('compose.done.awaitingTitle')
      : queued
        ? t('compose.done.queuedTitle')
        : post.scheduledFor
          ? t('compose.done.scheduledTitle')
          : t('compose.done.publishingTitle');
  return (
    <section class="notice success compose-done" aria-labelledby="compose-done-title">
      <h2 id="compose-done-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <ConfirmationBody {...props} />
      <div class="actions">
        <a href={`/app/posts/${encodeURIComponent(post.id)}`}>
          {draft ? t('compose.done.viewDraft') : t('compose.done.view')}
        </a>
        <button type="button" class="secondary" onClick={onAnother}>
          {t('compose.done.another')}
        </button>
      </div>
    </section>
  );
}
