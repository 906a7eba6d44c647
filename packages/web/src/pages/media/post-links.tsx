/**
 * Links to the posts that use a media, each with its status (symbol and word) and its
 * time in the person's zone when it has one.
 */
import type { MediaDetail } from '../../components/media-library';
import { formatInZone } from '../../components/person-zone';
import { StatusBadge, type PostStatus } from '../../components/post-status';
import { useT } from '../../i18n';

export type PostSummary = MediaDetail['posts'][number];

export interface PostLinksProps {
  /** The posts' ids, in the order to show them. */
  ids: readonly string[];
  /** What is known of each post (status, time); `null` while unknown. */
  posts: readonly PostSummary[] | null;
  zone: string;
  label: string;
}

export function PostLinks({ ids, posts, zone, label }: PostLinksProps) {
  const t = useT();
  const known = new Map(posts?.map((post) => [post.id, post]));
  return (
    <ul class="post-links" aria-label={label}>
      {ids.map((id) => {
        const post = known.get(id);
        const text = post?.scheduledFor
          ? t('library.postAt', { when: formatInZone(post.scheduledFor, zone) })
          : post
            ? t('library.postWithoutTime')
            : t('library.postById', { id });
        return (
          <li key={id}>
            <a href={`/app/posts/${encodeURIComponent(id)}`}>{text}</a>
            {post && (
              <>
                {' '}
                <StatusBadge status={post.status as PostStatus} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
