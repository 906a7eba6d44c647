/** The sentences of the composer's confirmation, for each way a post was accepted. */
import type { Post } from '@reelay/sdk';
import { useT } from '../../i18n';
import { formatInZone } from './schedule-section';
import { zoneLabel } from './time-zone';

export interface ConfirmationBodyProps {
  post: Post;
  /** The names of the accounts it goes to. */
  accountNames: string[];
  /** Sent to the queue: each account took its next free slot. */
  queued: boolean;
  /** Saved as a draft, not sent. */
  draft: boolean;
  /** The name of an account, by id. */
  nameOf(accountId: string): string;
  /** The person's zone, which the queue's times are shown in. */
  zone: string;
}

export function ConfirmationBody(props: ConfirmationBodyProps) {
  const { post, accountNames, queued, draft } = props;
  const t = useT();
  const scheduled = post.scheduledFor ? new Date(post.scheduledFor) : null;
  const accounts = accountNames.join(', ');
  if (draft) {
    return (
      <p>
        {post.problems.length > 0
          ? t('compose.done.draftIncomplete', { count: post.problems.length })
          : t('compose.done.draftComplete')}
      </p>
    );
  }
  if (post.status === 'awaiting_approval') {
    return <p>{t('compose.done.awaiting', { accounts })}</p>;
  }
  if (queued) {
    return (
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
  }
  if (scheduled) {
    return (
      <>
        <p>
          {t('compose.done.scheduled', {
            when: formatInZone(scheduled, post.timezone),
            zone: zoneLabel(post.timezone, scheduled),
            accounts,
          })}
        </p>
        {/* The first of a series: the others follow on the calendar and its page. */}
        {post.series && <p>{t('series.done')}</p>}
      </>
    );
  }
  return <p>{t('compose.done.publishing', { accounts })}</p>;
}
