/**
 * "Choose from the library": a dialog listing the project's media, newest first, a page
 * at a time. With a kind of post chosen, only the media that fit it are offered (the
 * server says which kinds each fits). The media picked join the post as ready items, as
 * an upload would once finished.
 */
import type { PostKind } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { MediaThumb, mediaTitle } from '../../components/library-item';
import { mediaFacts } from '../../components/media-facts';
import { fitsKind, listLibrary, type LibraryMedia } from '../../components/media-library';
import { ModalDialog } from '../../components/modal-dialog';
import { usePagedLoad } from '../../components/use-paged-load';
import { usePersonTimeZone } from '../../components/person-zone';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';

const PAGE_SIZE = 24;

/** The type a kind takes, asked of the server; kinds taking both ask for all. */
function typeFor(kind: PostKind | null): 'image' | 'video' | undefined {
  if (kind === 'reel') return 'video';
  if (kind === 'feed') return 'image';
  return undefined;
}

export interface LibraryPickerProps {
  /** The kind chosen in the composer; `null` while automatic. */
  kind: PostKind | null;
  /** How many more media the post takes. */
  room: number;
  onAdd(media: LibraryMedia[]): void;
}

function PickerDialog({ kind, room, onAdd, onClose }: LibraryPickerProps & { onClose(): void }) {
  const api = useApi();
  const t = useT();
  const zone = usePersonTimeZone();
  const [picked, setPicked] = useState<string[]>([]);
  const list = usePagedLoad(
    async (offset, signal) => {
      const answer = await listLibrary(
        api,
        { type: typeFor(kind), sort: 'desc', limit: PAGE_SIZE, offset },
        signal,
      );
      const media = answer.media.filter((item) => fitsKind(item, kind));
      return { items: media, total: answer.total, read: answer.media.length };
    },
    [api, kind],
  );
  const loaded = list.items && { media: list.items, total: list.total, read: list.read };
  const { error, busy } = list;

  const full = picked.length >= room;
  const kindName = kind ? t(`compose.kinds.${kind}`) : null;

  let body;
  if (error && !loaded) {
    body = (
      <p role="alert" class="form-error">
        {t('compose.library.loadFailed')} {describeError(error)}
      </p>
    );
  } else if (!loaded) {
    body = <p aria-busy="true">{t('app.loading')}</p>;
  } else if (loaded.media.length === 0 && loaded.read >= loaded.total) {
    body = (
      <p class="empty">
        {kindName ? t('compose.library.noneFitting', { kind: kindName }) : t('library.empty')}
      </p>
    );
  } else {
    body = (
      <fieldset class="picker-list">
        <legend class="visually-hidden">{t('compose.library.legend')}</legend>
        {loaded.media.map((media) => {
          const chosen = picked.includes(media.id);
          const factsId = `picker-facts-${media.id}`;
          return (
            <label key={media.id} class="picker-item">
              <input
                type="checkbox"
                checked={chosen}
                disabled={full && !chosen}
                aria-describedby={factsId}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setPicked((current) =>
                    on ? [...current, media.id] : current.filter((id) => id !== media.id),
                  );
                }}
              />
              <MediaThumb media={media} class="picker-thumb" />
              <span class="picker-text">
                <span class="media-name">{mediaTitle(media, zone)}</span>
                <small id={factsId} class="media-facts">
                  {mediaFacts(media).join(' · ')}
                </small>
              </span>
            </label>
          );
        })}
        {loaded.read < loaded.total && (
          <button
            type="button"
            class="secondary outline"
            aria-busy={busy ? 'true' : undefined}
            disabled={busy}
            onClick={() => void list.more()}
          >
            {t('compose.library.more')}
          </button>
        )}
        {error ? (
          <p role="alert" class="form-error">
            {describeError(error)}
          </p>
        ) : null}
      </fieldset>
    );
  }

  return (
    <ModalDialog
      title={t('compose.library.title')}
      class="library-picker"
      onClose={onClose}
      footer={
        <>
          <button type="button" class="secondary" onClick={onClose}>
            {t('compose.library.cancel')}
          </button>
          <button
            type="button"
            disabled={picked.length === 0}
            onClick={() => {
              const byId = new Map(loaded?.media.map((media) => [media.id, media]));
              onAdd(picked.map((id) => byId.get(id)).filter((media) => media !== undefined));
              onClose();
            }}
          >
            {picked.length > 0
              ? t('compose.library.add', { count: picked.length })
              : t('compose.library.addNone')}
          </button>
        </>
      }
    >
      <p class="hint" id="picker-hint">
        {kindName
          ? t('compose.library.fitting', { kind: kindName })
          : t('compose.library.everything')}{' '}
        {t('compose.library.room', { count: room })}
      </p>
      {body}
    </ModalDialog>
  );
}

export function LibraryPicker(props: LibraryPickerProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        class="secondary"
        disabled={props.room <= 0}
        onClick={() => setOpen(true)}
      >
        {t('compose.library.open')}
      </button>
      {open && <PickerDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
