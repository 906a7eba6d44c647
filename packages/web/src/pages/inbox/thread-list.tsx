/**
 * The inbox's threads, grouped by post: each group is headed by the post's first picture
 * and caption (a link to its page) and the account; media published outside Reelay share
 * one group. Each thread is a link that opens it beside the list (below it on a phone):
 * who wrote, its state, the start of its text, when, and how many replies. The open one
 * is marked as current.
 */
import type { Comment } from '@reelay/sdk';
import { CommentStatusBadge } from '../../components/comments/comment-thread';
import { authorName } from '../../components/comments/use-comment-actions';
import { formatInZone } from '../../components/person-zone';
import { PostThumbnail } from '../../components/post-thumbnail';
import { useT } from '../../i18n';
import { captionExcerpt } from '../calendar/calendar-data';
import { textExcerpt, type ThreadGroup } from './thread-groups';
import type { KnownPosts } from './use-inbox-posts';

export interface ThreadListProps {
  groups: readonly ThreadGroup[];
  posts: KnownPosts;
  selectedId: string | undefined;
  zone: string;
  accountName(integrationId: string): string;
  linkTo(threadId: string): string;
  /** A thread was chosen with the pointer or Enter (not the `j`/`k` keys). */
  onOpen(thread: Comment): void;
}

function GroupHeading({
  group,
  posts,
  accountName,
}: Pick<ThreadListProps, 'posts' | 'accountName'> & { group: ThreadGroup }) {
  const t = useT();
  const headingId = `inbox-group-${group.key}`;
  const accounts = [...new Set(group.threads.map((thread) => thread.integrationId))]
    .map(accountName)
    .join(', ');
  if (group.postId === null) {
    return (
      <header class="inbox-group-header">
        <span class="inbox-thumb inbox-thumb-outside" aria-hidden="true">
          ◎
        </span>
        <div>
          <h3 id={headingId}>{t('inbox.outsideGroup')}</h3>
          <p class="inbox-group-facts">
            {accounts} · {t('inbox.outsideHint')}
          </p>
        </div>
      </header>
    );
  }
  const post = posts.get(group.postId);
  const caption = post ? captionExcerpt(post.content) || t('calendar.noCaption') : null;
  return (
    <header class="inbox-group-header">
      <PostThumbnail item={post?.mediaItems[0]} class="inbox-thumb" />
      <div>
        <h3 id={headingId}>
          <a href={`/app/posts/${encodeURIComponent(group.postId)}`}>
            {caption ?? t('inbox.postFallback')}
          </a>
        </h3>
        <p class="inbox-group-facts">{accounts}</p>
      </div>
    </header>
  );
}

export function ThreadList(props: ThreadListProps) {
  const t = useT();
  return (
    <>
      {props.groups.map((group) => (
        <section key={group.key} class="inbox-group" aria-labelledby={`inbox-group-${group.key}`}>
          <GroupHeading group={group} posts={props.posts} accountName={props.accountName} />
          <ul class="inbox-thread-list">
            {group.threads.map((thread) => {
              const selected = thread.id === props.selectedId;
              return (
                <li key={thread.id}>
                  <a
                    href={props.linkTo(thread.id)}
                    id={`inbox-link-${thread.id}`}
                    class={`inbox-thread-link comment-${thread.status}${thread.hidden ? ' is-hidden' : ''}`}
                    aria-current={selected ? 'true' : undefined}
                    onClick={(event) => {
                      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)
                        return;
                      // Opened in place of the thread open (the router would add a
                      // history entry per thread).
                      event.preventDefault();
                      event.stopPropagation();
                      props.onOpen(thread);
                    }}
                  >
                    <span class="thread-line">
                      <strong class="thread-who">{authorName(thread)}</strong>
                      <CommentStatusBadge status={thread.status} />
                      {thread.hidden && !thread.deleted && (
                        <span class="comment-flag flag-hidden">{t('inbox.hidden')}</span>
                      )}
                      {thread.deleted && (
                        <span class="comment-flag flag-deleted">{t('inbox.deleted')}</span>
                      )}
                    </span>
                    <span class="thread-excerpt">{textExcerpt(thread.text)}</span>
                    <span class="thread-when">
                      {formatInZone(thread.createdAt, props.zone)}
                      {thread.replies.length > 0 &&
                        ` · ${t('inbox.replyCount', { count: thread.replies.length })}`}
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
