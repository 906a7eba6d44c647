/**
 * A small picture of a post's first media, when this server keeps the file (the page's
 * security policy allows pictures and videos from this server only): a video shows its
 * first frame with a play mark. Decorative: the post is named beside it.
 */
import type { Post } from '@reelay/sdk';
import { sameOriginUrl } from './media-facts';

/**
 * @param class - The box's class, which sizes it (`approval-thumb`, `inbox-thumb`).
 * @example
 * ```tsx
 * <PostThumbnail item={post.mediaItems[0]} class="approval-thumb" />
 * ```
 */
export function PostThumbnail(props: {
  item: Post['mediaItems'][number] | undefined;
  class: string;
}) {
  const { item } = props;
  const url = item ? sameOriginUrl(item.url) : null;
  if (!item || !url) return <span class={props.class} aria-hidden="true" />;
  return item.type === 'video' ? (
    <span class={`${props.class} thumb-video`} aria-hidden="true">
      <video src={url} preload="metadata" muted />
      <span class="play-mark">▶</span>
    </span>
  ) : (
    <img class={props.class} src={url} alt="" loading="lazy" />
  );
}
