/**
 * The grid planner: an account's profile grid as Instagram will show it, three columns,
 * newest first. Reelay's planned posts (drafts, posts awaiting approval, scheduled ones)
 * sit above the posts Reelay already published on the account. Dragging a scheduled tile
 * onto another, or "Swap with…", swaps the two posts' times through the API; the live
 * region says what changed. The account is kept in the address (`?account=int_…`).
 *
 * Published posts are Reelay's own: Instagram's media list is not read, so posts made
 * outside Reelay are not in the grid (the page says so).
 */
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { LoadFailed } from '../../components/page-feedback';
import { PageHeading } from '../../components/page-heading';
import { readProjectAccounts } from '../../components/project-accounts';
import { usePersonTimeZone } from '../../components/person-zone';
import { useLoad } from '../../components/use-load';
import { currentLanguage, useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { GridTileView } from './grid-tile';
import { accountPosts, gridTiles, MAX_PUBLISHED, type GridTile } from './grid-tiles';
import { SwapDialog } from './swap-dialog';
import { useSwap } from './use-swap';
import './grid.css';

/** Characters of a caption a tile names it by. */
const CAPTION_LENGTH = 40;

export default function GridPlannerPage() {
  const t = useT();
  const api = useApi();
  const { query, route } = useLocation();
  const accounts = useLoad(
    async (signal) =>
      (await readProjectAccounts(api, signal)).integrations.filter(
        (account) => account.status !== 'revoked',
      ),
    [],
  );
  const list = accounts.data ?? [];
  const chosen = list.find((account) => account.id === query.account) ?? list[0] ?? null;

  return (
    <section class="grid-page">
      <PageHeading title={t('grid.title')} help={<p>{t('grid.help')}</p>}>
        {t('grid.title')}
      </PageHeading>
      {accounts.error && !accounts.data ? (
        <LoadFailed
          message={t('grid.loadFailed')}
          error={accounts.error}
          onRetry={() => void accounts.retry()}
        />
      ) : !accounts.data ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : !chosen ? (
        <p>
          {t('grid.noAccounts')} <a href="/app/accounts">{t('grid.connectFirst')}</a>.
        </p>
      ) : (
        <>
          <label for="grid-account" class="grid-account">
            {t('grid.account')}
            <select
              id="grid-account"
              value={chosen.id}
              onChange={(event) =>
                route(`/app/planner?account=${encodeURIComponent(event.currentTarget.value)}`, true)
              }
            >
              {list.map((account) => (
                <option key={account.id} value={account.id}>
                  @{account.displayName ?? account.id}
                </option>
              ))}
            </select>
          </label>
          <AccountGrid
            key={chosen.id}
            accountId={chosen.id}
            name={chosen.displayName ?? chosen.id}
          />
        </>
      )}
    </section>
  );
}

function AccountGrid({ accountId, name }: { accountId: string; name: string }) {
  const t = useT();
  const api = useApi();
  const zone = usePersonTimeZone();
  const posts = useLoad((signal) => accountPosts(api, accountId, signal), [accountId]);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<GridTile | null>(null);

  const timeFormat = new Intl.DateTimeFormat(currentLanguage(), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
  });
  function describe(tile: GridTile, at: string | null = tile.at) {
    const text = tile.post.content.trim().replace(/\s+/g, ' ');
    const caption = !text
      ? t('grid.untitled')
      : text.length > CAPTION_LENGTH
        ? `${text.slice(0, CAPTION_LENGTH - 1)}…`
        : text;
    return { caption, time: at ? timeFormat.format(new Date(at)) : t('grid.noTime') };
  }
  const { swap, busy, outcome } = useSwap(describe, () => void posts.refresh());

  if (posts.error && !posts.data) {
    return (
      <LoadFailed
        message={t('grid.loadFailed')}
        error={posts.error}
        onRetry={() => void posts.retry()}
      />
    );
  }
  const tiles = posts.data ? gridTiles(posts.data, accountId) : null;
  const byId = (id: string | null) => tiles?.find((tile) => tile.post.id === id) ?? null;
  const planned = tiles?.filter((tile) => tile.kind === 'planned').length ?? 0;

  function dropOn(target: GridTile) {
    const source = byId(dragged);
    setDragged(null);
    setOver(null);
    if (source && source.post.id !== target.post.id) void swap(source, target);
  }

  return (
    <>
      <p class="hint">
        {t('grid.zoneNote', { zone })} {t('grid.publishedNote')}
      </p>
      <p role="status" class="live">
        {outcome.notice}
      </p>
      {outcome.problem && (
        <p role="alert" class="form-error">
          {outcome.problem}
        </p>
      )}
      {!tiles ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : tiles.length === 0 ? (
        <p class="empty">{t('grid.empty')}</p>
      ) : (
        <>
          <p class="grid-counts">
            {t('grid.counts', {
              planned,
              published: tiles.length - planned,
              max: MAX_PUBLISHED,
            })}
          </p>
          <ol
            class="grid-tiles"
            aria-label={t('grid.gridLabel', { name })}
            aria-busy={busy ? 'true' : undefined}
          >
            {tiles.map((tile) => {
              const { caption, time } = describe(tile);
              return (
                <GridTileView
                  key={tile.post.id}
                  tile={tile}
                  caption={caption}
                  time={time}
                  busy={busy}
                  dropTarget={over === tile.post.id && dragged !== tile.post.id}
                  onDragStart={() => setDragged(tile.post.id)}
                  onDragEnd={() => {
                    setDragged(null);
                    setOver(null);
                  }}
                  onDragOver={() => setOver(tile.post.id)}
                  onDrop={() => dropOn(tile)}
                  onSwapWith={() => setChoosing(tile)}
                />
              );
            })}
          </ol>
        </>
      )}
      {choosing && tiles && (
        <SwapDialog
          tile={choosing}
          others={tiles.filter((tile) => tile.swappable && tile.post.id !== choosing.post.id)}
          describe={describe}
          onClose={() => setChoosing(null)}
          onChoose={(other) => {
            setChoosing(null);
            void swap(choosing, other);
          }}
        />
      )}
    </>
  );
}
