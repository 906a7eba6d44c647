/**
 * What the composer shows once the server accepted the post: where it goes and when. A
 * post added to the queue lists the slot each account took, in the person's zone.
 */
import type { Post } from '@reelay/sdk';
import { useEffect, useRef } from 'preact/hooks';
import { useT } from '../../i18n';
import { formatInZone } from './schedule-section';
import { zoneLabel } from './time-zone';

export interface ConfirmationProps {
  post: Post;
  /** The names of the accounts it goes to. */
  accountNames: string[];
  /** Sent to the queue: each account took its next free slot. */
  queued: boolean;
  /** The name of an account, by id. */
  nameOf(accountId: string): string;
  /** The person's zone, which the queue's times are shown in. */
  zone: string;
  onAnother(): void;
}

export function Confirmation(props: ConfirmationProps) {
  const { post, accountNames, queued, onAnother } = props;
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const scheduled = post.scheduledFor ? new Date(post.scheduledFor) : null;
  const accounts = accountNames.join(', ');
  let title;
  let body;
  if (queued) {
    title = t('compose.done.queuedTitle');
    body = (
      <>
        <p>{t('compose.done.queued', { zone: zoneLabel(props.zone, new Date()) })}</p>
        <ul>
          {post.platforms.map((target) => {
            const at = target.scheduledFor ?? post.scheduledFor;
            return (
              <li key={target.id}>
                {t('compose.done.queuedAccount', {
                  name: props.nameOf(target.integrationId),
                  when: at ? formatInZone(new Date(at), props.zone) : '—',
                })}
              </li>
            );
          })}
        </ul>
      </>
    );
  } else if (scheduled) {
    title = t('compose.done.scheduledTitle');
    body = (
      <p>
        {t('compose.done.scheduled', {
          when: formatInZone(scheduled, post.timezone),
          zone: zoneLabel(post.timezone, scheduled),
          accounts,
        })}
      </p>
    );
  } else {
    title = t('compose.done.publishingTitle');
    body = <p>{t('compose.done.publishing', { accounts })}</p>;
  }
  return (
    <section class="notice success compose-done" aria-labelledby="compose-done-title">
      <h2 id="compose-done-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {body}
      <div class="actions">
        <a href={`/app/posts/${encodeURIComponent(post.id)}`}>{t('compose.done.view')}</a>
        <button type="button" class="secondary" onClick={onAnother}>
          {t('compose.done.another')}
        </button>
      </div>
    </section>
  );
}
