/** The inbox's keys, said once under its filters (hidden on a phone, which has none). */
import { Fragment } from 'preact';
import { useT } from '../../i18n';

const KEYS = [
  { keys: ['j', 'k'], alt: ['↓', '↑'], text: 'inbox.keys.move' },
  { keys: ['r'], alt: [], text: 'inbox.keys.reply' },
  { keys: ['/'], alt: [], text: 'inbox.keys.search' },
  { keys: ['Esc'], alt: [], text: 'inbox.keys.back' },
] as const;

/** `j/k`, each key in its `<kbd>`. */
function keyList(keys: readonly string[]) {
  return keys.map((key, at) => (
    <Fragment key={key}>
      {at > 0 && '/'}
      <kbd>{key}</kbd>
    </Fragment>
  ));
}

export function InboxKeysHint() {
  const t = useT();
  return (
    <p class="hint inbox-keys" id="inbox-keys">
      {t('inbox.keys.label')}{' '}
      {KEYS.map((entry, index) => (
        <span key={entry.text} class="inbox-key">
          {keyList(entry.keys)}
          {entry.alt.length > 0 && (
            <>
              {` ${t('inbox.keys.or')} `}
              {keyList(entry.alt)}
            </>
          )}{' '}
          {t(entry.text)}
          {index < KEYS.length - 1 ? '; ' : '.'}
        </span>
      ))}
    </p>
  );
}
