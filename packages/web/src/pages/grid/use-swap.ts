/**
 * Swapping the times of two scheduled posts through the API, one update after the other:
 * when the second is refused, the first is put back, so the two never end up at the same
 * time unnoticed. What happened is said in words, for a live region.
 */
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { approvalsChanged } from '../../components/approval-count';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import type { GridTile } from './grid-tiles';

/** What the last swap came to: a sentence for the live region, or a problem for an alert. */
export interface SwapOutcome {
  notice: string;
  problem: string;
}

/**
 * @param describe - A tile's caption and time, as the texts name them.
 * @param onChanged - Called once any post moved (the grid reads the posts again).
 * @example
 * ```ts
 * const { swap, busy, outcome } = useSwap(describe, () => void posts.refresh());
 * await swap(first, second);
 * ```
 */
export function useSwap(
  describe: (tile: GridTile, at?: string) => { caption: string; time: string },
  onChanged: () => void,
) {
  const api = useApi();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SwapOutcome>({ notice: '', problem: '' });

  const move = (tile: GridTile, at: string) =>
    api.posts.update(tile.post.id, { scheduledFor: at }).then((answer) => answer.post);

  async function swap(first: GridTile, second: GridTile): Promise<void> {
    if (!first.at || !second.at || first.post.id === second.post.id) return;
    const [firstAt, secondAt] = [first.at, second.at];
    setBusy(true);
    setOutcome({ notice: t('grid.swapping'), problem: '' });
    try {
      try {
        await move(first, secondAt);
      } catch (caught) {
        setOutcome({
          notice: '',
          problem: t('grid.swapFailed', { reason: describeError(caught) }),
        });
        return;
      }
      try {
        await move(second, firstAt);
      } catch (caught) {
        const reason = describeError(caught);
        const { caption } = describe(first);
        try {
          await move(first, firstAt);
          setOutcome({ notice: '', problem: t('grid.swapUndone', { reason, caption }) });
        } catch {
          const { time } = describe(first, secondAt);
          setOutcome({ notice: '', problem: t('grid.swapUndoFailed', { reason, caption, time }) });
          onChanged();
        }
        return;
      }
      // An editor's move may send an approved post back to approval: the count changes.
      approvalsChanged();
      setOutcome({
        notice: t('grid.swapped', {
          first: describe(first).caption,
          firstTime: describe(first, secondAt).time,
          second: describe(second).caption,
          secondTime: describe(second, firstAt).time,
        }),
        problem: '',
      });
      onChanged();
    } finally {
      setBusy(false);
    }
  }

  return { swap, busy, outcome };
}
