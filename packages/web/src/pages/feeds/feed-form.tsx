/**
 * Follows a feed: its address (read once by the server, so an unreachable, private or
 * non-feed address is refused beside the field), the accounts its posts go to (chosen, or
 * a profile's), what each new item becomes, and the caption template.
 */
import {
  FEED_DEFAULT_TEMPLATE,
  FEED_MODES,
  FEED_TEMPLATE_MAX_LENGTH,
  type CreateFeedBody,
  type FeedMode,
} from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { Field } from '../../components/field';
import type { ProjectAccounts } from '../../components/project-accounts';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import type { Feed } from './use-feeds';

/** Refusals about the address itself, shown beside it. */
const ADDRESS_CODES = new Set(['MEDIA_UNREACHABLE', 'MEDIA_FETCH_FAILED', 'FEED_INVALID']);

export function FeedForm(props: ProjectAccounts & { onCreated(feed: Feed): void }) {
  const t = useT();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [target, setTarget] = useState<'accounts' | 'profile'>('accounts');
  const [noAccounts, setNoAccounts] = useState(false);
  const code = (error as { code?: string } | null)?.code ?? '';
  const field = errorField(error);
  const urlError = ADDRESS_CODES.has(code) || field === 'url' ? describeError(error) : null;
  const otherError = error && !urlError ? describeError(error) : null;

  if (props.integrations.length === 0) {
    return (
      <section class="admin-form" aria-labelledby="new-feed-title">
        <h2 id="new-feed-title">{t('feeds.newTitle')}</h2>
        <p>
          <a href="/app/accounts">{t('feeds.noAccounts')}</a>
        </p>
      </section>
    );
  }

  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const integrationIds = data.getAll('integrationIds').map(String);
    const missing = target === 'accounts' && integrationIds.length === 0;
    setNoAccounts(missing);
    setError(null);
    if (missing) return;
    const body: CreateFeedBody = {
      url: String(data.get('url') ?? '').trim(),
      mode: String(data.get('mode')) as FeedMode,
      captionTemplate: String(data.get('captionTemplate') ?? ''),
      ...(target === 'accounts'
        ? { integrationIds }
        : { profileId: String(data.get('profileId') ?? '') }),
    };
    setBusy(true);
    try {
      const { feed } = await api.feeds.create(body);
      form.reset();
      props.onCreated(feed);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="admin-form" aria-labelledby="new-feed-title">
      <h2 id="new-feed-title">{t('feeds.newTitle')}</h2>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('feeds.url')}
          name="url"
          id="feed-url"
          autocomplete="url"
          required
          maxLength={2048}
          hint={t('feeds.urlHint')}
          error={urlError}
        />
        {props.profiles.length > 0 && (
          <fieldset>
            <legend>{t('feeds.targetKind')}</legend>
            <label>
              <input
                type="radio"
                name="target"
                checked={target === 'accounts'}
                onChange={() => setTarget('accounts')}
              />
              {t('feeds.chooseAccounts')}
            </label>
            <label>
              <input
                type="radio"
                name="target"
                checked={target === 'profile'}
                onChange={() => setTarget('profile')}
              />
              {t('feeds.chooseProfile')}
            </label>
          </fieldset>
        )}
        {target === 'accounts' ? (
          <fieldset aria-describedby={noAccounts ? 'feed-accounts-error' : undefined}>
            <legend>{t('feeds.accounts')}</legend>
            {props.integrations.map((integration) => (
              <label key={integration.id}>
                <input type="checkbox" name="integrationIds" value={integration.id} />@
                {integration.displayName ?? integration.id}
              </label>
            ))}
            {noAccounts && (
              <small id="feed-accounts-error" class="form-error">
                {t('feeds.accountsRequired')}
              </small>
            )}
          </fieldset>
        ) : (
          <label for="feed-profile">
            {t('feeds.profile')}
            <select id="feed-profile" name="profileId">
              {props.profiles.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset>
          <legend>{t('feeds.modeLegend')}</legend>
          {FEED_MODES.map((mode) => (
            <label key={mode}>
              <input type="radio" name="mode" value={mode} defaultChecked={mode === 'draft'} />
              {t(mode === 'draft' ? 'feeds.modeDraftHint' : 'feeds.modeQueueHint')}
            </label>
          ))}
        </fieldset>
        <label for="feed-template">{t('feeds.template')}</label>
        <textarea
          id="feed-template"
          name="captionTemplate"
          rows={3}
          maxLength={FEED_TEMPLATE_MAX_LENGTH}
          defaultValue={FEED_DEFAULT_TEMPLATE}
          aria-describedby="feed-template-hint"
        />
        <small id="feed-template-hint" class="hint">
          {t('feeds.templateHint')}
        </small>
        {otherError && (
          <p role="alert" class="form-error">
            {otherError}
          </p>
        )}
        <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
          {busy ? t('feeds.creating') : t('feeds.create')}
        </button>
      </form>
    </section>
  );
}
