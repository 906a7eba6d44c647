/**
 * "Suggest times" in an account's posting schedule editor: up to seven weekly times the
 * server suggests from the account's audience, its past posts or common hours, each with
 * its reason in the app's language. "Use these" puts them in the editor in place of its
 * rows; like every other change there, they are kept only once the person saves, so
 * nothing replaces a schedule without being seen first.
 */
import type { SuggestIntegrationSlotsResponse } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { weekDayName, type PostingSlot } from '../../components/posting-slots';
import { currentLanguage, useT } from '../../i18n';
import { useApi } from '../../session/session-context';

type Suggested = Pick<SuggestIntegrationSlotsResponse, 'source' | 'timezone' | 'suggestions'>;
type Suggestion = Suggested['suggestions'][number];

const SOURCE_KEYS = {
  audience: 'sourceAudience',
  posts: 'sourcePosts',
  default: 'sourceDefault',
} as const;
const REASON_KEYS = {
  audience: 'reasonAudience',
  posts: 'reasonPosts',
  default: 'reasonDefault',
} as const;

export interface SlotSuggestionsProps {
  accountId: string;
  /** Whose schedule, for the list's name: `@cafe.aurora`. */
  name: string;
  /** The editor's zone: the suggested hours are read in it, so they mean the same there. */
  zone: string;
  /** Puts the times in the editor (not saved), in the zone they were suggested in. */
  onUse(slots: PostingSlot[], timezone: string): void;
}

/**
 * @example
 * ```tsx
 * <SlotSuggestions accountId="int_…" name="@cafe.aurora" zone={zone} onUse={fill} />
 * ```
 */
export function SlotSuggestions({ accountId, name, zone, onUse }: SlotSuggestionsProps) {
  const t = useT();
  const api = useApi();
  const language = currentLanguage();
  const [found, setFound] = useState<Suggested | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function suggest() {
    setLoading(true);
    setError(null);
    try {
      setFound(await api.accounts.suggestSlots(accountId, { timezone: zone }));
    } catch (caught) {
      setFound(null);
      setError(caught);
    } finally {
      setLoading(false);
    }
  }

  // The server's reason is Portuguese; the app says it again in the person's language.
  const reason = (source: Suggested['source'], item: Suggestion) =>
    t(`grid.suggest.${REASON_KEYS[source]}`, {
      score: new Intl.NumberFormat(language).format(item.score),
      time: item.time,
      day: weekDayName(item.day, language),
    });

  return (
    <section class="slot-suggestions" aria-label={t('grid.suggest.title')}>
      <button
        type="button"
        class="secondary outline"
        aria-busy={loading ? 'true' : undefined}
        disabled={loading}
        onClick={() => void suggest()}
      >
        {loading ? t('grid.suggest.loading') : t('grid.suggest.button')}
      </button>
      {error ? (
        <p role="alert" class="form-error">
          {t('grid.suggest.failed', { reason: describeError(error) })}
        </p>
      ) : null}
      {found && (
        <div class="slot-suggestions-found">
          <h4>{t('grid.suggest.title')}</h4>
          <p>
            {t(`grid.suggest.${SOURCE_KEYS[found.source]}`)}{' '}
            {t('grid.suggest.zone', { zone: found.timezone })}
          </p>
          {found.suggestions.length === 0 ? (
            <p class="empty">{t('grid.suggest.none')}</p>
          ) : (
            <>
              <ul aria-label={t('grid.suggest.listLabel', { name })}>
                {found.suggestions.map((item) => (
                  <li key={`${item.day} ${item.time}`}>
                    <strong>
                      {weekDayName(item.day, language)}, {item.time}
                    </strong>
                    <br />
                    <small>{reason(found.source, item)}</small>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                onClick={() =>
                  onUse(
                    found.suggestions.map(({ day, time }) => ({ day, time })),
                    found.timezone,
                  )
                }
              >
                {t('grid.suggest.use')}
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
