/**
 * One square of the profile grid: the post's first picture (or the start of its caption),
 * its status as a symbol, a word and a colour, and its time; it opens the post. A
 * scheduled tile is dragged onto another to swap their times, or offers "Swap with…" for
 * the keyboard.
 */
import { PostThumbnail } from '../../components/post-thumbnail';
import { sameOriginUrl } from '../../components/media-facts';
import { StatusBadge } from '../../components/post-status';
import { useT } from '../../i18n';
import type { GridTile } from './grid-tiles';

export interface GridTileProps {
  tile: GridTile;
  caption: string;
  time: string;
  /** Another tile is being dragged and may be dropped here. */
  dropTarget: boolean;
  /** A swap is being saved: nothing else moves meanwhile. */
  busy: boolean;
  onDragStart(): void;
  onDragEnd(): void;
  onDragOver(): void;
  onDrop(): void;
  onSwapWith(): void;
}

/**
 * @example
 * ```tsx
 * <GridTileView tile={tile} caption="Promoção" time="12 dez., 18:00" … />
 * ```
 */
export function GridTileView(props: GridTileProps) {
  const t = useT();
  const { tile } = props;
  const item = tile.post.mediaItems[0];
  const pictured = item !== undefined && sameOriginUrl(item.url) !== null;
  const movable = tile.swappable && !props.busy;
  return (
    <li
      class={`grid-tile grid-${tile.kind} status-${tile.status}${props.dropTarget ? ' drop-target' : ''}`}
      data-post-id={tile.post.id}
      draggable={movable}
      title={movable ? t('grid.dragHint') : undefined}
      onDragStart={(event) => {
        if (!movable) return;
        event.dataTransfer?.setData('text/plain', tile.post.id);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        props.onDragStart();
      }}
      onDragEnd={props.onDragEnd}
      onDragOver={(event) => {
        if (!movable) return;
        // Accepting the drop is what makes this tile a place to drop on.
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
        props.onDragOver();
      }}
      onDrop={(event) => {
        if (!movable) return;
        event.preventDefault();
        props.onDrop();
      }}
    >
      {/* Not draggable itself, so a drag starting on it moves the tile, not a link. */}
      <a href={`/app/posts/${tile.post.id}`} class="grid-tile-link" draggable={false}>
        <PostThumbnail item={item} class="grid-thumb" />
        {!pictured && (
          <span class="grid-tile-text" aria-hidden="true">
            {props.caption}
          </span>
        )}
        <span class="grid-tile-meta">
          <StatusBadge status={tile.status} />
          <span class="grid-tile-time">{props.time}</span>
        </span>
        <span class="visually-hidden">{props.caption}</span>
      </a>
      {tile.swappable && (
        <button
          type="button"
          class="grid-swap secondary"
          disabled={props.busy}
          onClick={props.onSwapWith}
        >
          <span aria-hidden="true">⇄ </span>
          {t('grid.swapWith')}
          <span class="visually-hidden">
            {' '}
            {t('grid.swapChoice', { caption: props.caption, time: props.time })}
          </span>
        </button>
      )}
    </li>
  );
}
