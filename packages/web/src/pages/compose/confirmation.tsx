/** What the composer shows once the server accepted the post: where it goes and when. */
import type { Post } from '@reelay/sdk';
import { useEffect, useRef } from 'preact/hooks';
import { useT } from '../../i18n';
import { formatInZone } from './schedule-section';
import { zoneLabel } from './time-zone';

export interface ConfirmationProps {
  post: Post;
  /** The names of the accounts it goes to. */
  accountNames: string[];
  onAnother(): void;
}

export function Confirmation({ post, accountNames, onAnother }: ConfirmationProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const scheduled = post.scheduledFor ? new Date(post.scheduledFor) : null;
  const accounts = accountNames.join(', ');
  return (
    <section class="notice success compose-done" aria-labelledby="compose-done-title">
      <h2 id="compose-done-title" ref={heading} tabIndex={-1}>
        {scheduled ? t('compose.done.scheduledTitle') : t('compose.done.publishingTitle')}
      </h2>
      <p>
        {scheduled
          ? t('compose.done.scheduled', {
              when: formatInZone(scheduled, post.timezone),
              zone: zoneLabel(post.timezone, scheduled),
              accounts,
            })
          : t('compose.done.publishing', { accounts })}
      </p>
      <div class="actions">
        <a href={`/app/posts/${encodeURIComponent(post.id)}`}>{t('compose.done.view')}</a>
        <button type="button" class="secondary" onClick={onAnother}>
          {t('compose.done.another')}
        </button>
      </div>
    </section>
  );
}
