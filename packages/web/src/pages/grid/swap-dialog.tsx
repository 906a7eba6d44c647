/**
 * "Swap with…": the other scheduled posts of the grid, one button each; choosing one
 * swaps the two times. The keyboard's way to do what dragging a tile does.
 */
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n';
import type { GridTile } from './grid-tiles';

export interface SwapDialogProps {
  tile: GridTile;
  /** The tiles it can swap with (scheduled, other than itself). */
  others: readonly GridTile[];
  describe(tile: GridTile): { caption: string; time: string };
  onChoose(other: GridTile): void;
  onClose(): void;
}

/**
 * @example
 * ```tsx
 * <SwapDialog tile={tile} others={others} describe={describe} onChoose={swapWith} onClose={close} />
 * ```
 */
export function SwapDialog({ tile, others, describe, onChoose, onClose }: SwapDialogProps) {
  const t = useT();
  const own = describe(tile);
  return (
    <ModalDialog
      title={t('grid.swapTitle', { caption: own.caption })}
      onClose={onClose}
      footer={
        <button type="button" class="secondary" onClick={onClose}>
          {t('grid.cancel')}
        </button>
      }
    >
      <p>{t('grid.swapIntro', { time: own.time })}</p>
      {others.length === 0 ? (
        <p class="empty">{t('grid.swapNone')}</p>
      ) : (
        <ul class="grid-swap-choices">
          {others.map((other) => (
            <li key={other.post.id}>
              <button type="button" class="secondary outline" onClick={() => onChoose(other)}>
                {t('grid.swapChoice', describe(other))}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
