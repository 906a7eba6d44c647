/**
 * The composer: media (uploaded with progress, or imported from an address), the kind of
 * post, the caption with its counters, 1 to 5 accounts with their options, now or a
 * moment in a named time zone, and a preview in Instagram's frames. Core's rules check
 * the draft before it is sent; the server's refusals are shown beside the field they
 * name. Every attempt of one draft carries the same idempotency key, so a second click
 * or a retried request never makes a second post.
 */
import type { PostKind } from '@reelay/core';
import { isReelayError, type Post } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { PageHeading } from '../../components/page-heading';
import { i18n, useT } from '../../i18n';
import { session } from '../../session/session';
import { AccountOptions } from './account-options';
import { accountName, AccountsSection } from './accounts-section';
import { CaptionField, KindField } from './caption-section';
import {
  buildPostBody,
  checkDraft,
  effectiveKind,
  emptyOptions,
  errorKey,
  type ComposeDraft,
  type OptionsDraft,
  type Problem,
} from './compose-rules';
import { Confirmation } from './confirmation';
import type { ErrorOf } from './field-note';
import { MediaSection } from './media-section';
import { PostPreview } from './post-preview';
import { ScheduleSection, type ScheduleValue } from './schedule-section';
import { browserTimeZone, wallClock } from './time-zone';
import { useComposeAccounts } from './use-compose-accounts';
import { useMediaItems } from './use-media-items';
import './compose.css';

/**
 * A new idempotency key for a draft. `crypto.getRandomValues` works on plain http too,
 * where `crypto.randomUUID` does not (a server on a local network address).
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `compose-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** A suggested moment to schedule: an hour from now, on a multiple of 5 minutes. */
function suggestedTime(zone: string): { date: string; time: string } {
  const step = 5 * 60_000;
  return wallClock(new Date(Math.ceil((Date.now() + 60 * 60_000) / step) * step), zone);
}

function sentence(message: string): string {
  const text = message.trim();
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

export default function ComposePage() {
  const t = useT();
  const media = useMediaItems();
  const accounts = useComposeAccounts();
  const [kindChoice, setKindChoice] = useState<PostKind | 'auto'>('auto');
  const [caption, setCaption] = useState('');
  const [accountIds, setAccountIds] = useState<string[]>([]);
  const [options, setOptions] = useState<Record<string, OptionsDraft>>({});
  const [schedule, setSchedule] = useState<ScheduleValue>(() => ({
    when: 'now',
    date: '',
    time: '',
    timeZone: browserTimeZone(),
  }));
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [created, setCreated] = useState<{ post: Post; names: string[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTick, setFocusTick] = useState(0);
  const [restarted, setRestarted] = useState(0);

  const draft: ComposeDraft = {
    items: media.items,
    kindChoice,
    caption,
    accountIds,
    loginModes: Object.fromEntries(
      accounts.accounts.map((account) => [account.id, account.loginMode]),
    ),
    options,
    ...schedule,
  };
  const types = media.items
    .filter((item) => item.status !== 'failed')
    .map((item) => item.media?.type ?? item.localType)
    .filter((type): type is 'image' | 'video' => type !== null);
  const kind = effectiveKind(kindChoice, types);
  const inferred = effectiveKind('auto', types);
  const problems = attempted ? checkDraft(draft, new Date()) : {};
  const unnamed = t('compose.accounts.unnamed');
  const chosen = accountIds
    .map((id) => accounts.accounts.find((account) => account.id === id))
    .filter((account) => account !== undefined);

  const problemText = (problem: Problem) => {
    const values = problem.values ?? {};
    return t(`compose.problems.${problem.key}`, {
      ...values,
      ...(values.kind ? { kind: t(`compose.kinds.${values.kind}`) } : {}),
    });
  };
  const errorOf: ErrorOf = (field) =>
    serverErrors[field] ?? (problems[field] ? problemText(problems[field]) : null);

  // After a refused attempt, focus goes to the first field in trouble, which reads its error.
  useEffect(() => {
    if (focusTick === 0) return;
    const invalid = document.querySelector<HTMLElement>(
      '.compose-form [aria-invalid="true"], .compose-form [data-invalid="true"]',
    );
    (invalid ?? document.getElementById('compose-general-error'))?.focus();
  }, [focusTick]);

  // A new draft starts at its first field.
  useEffect(() => {
    if (restarted > 0) document.getElementById('compose-files')?.focus();
  }, [restarted]);

  function changeSchedule(change: Partial<ScheduleValue>) {
    setSchedule((current) => {
      const next = { ...current, ...change };
      if (next.when === 'schedule' && (!next.date || !next.time)) {
        Object.assign(next, suggestedTime(next.timeZone));
      }
      return next;
    });
  }

  /** The server's refusal, beside the fields it names; the rest under the button. */
  function showRefusal(error: unknown) {
    const fields: Record<string, string> = {};
    let general = '';
    const issues = isReelayError(error) ? error.details?.issues : undefined;
    if (isReelayError(error, 'VALIDATION_ERROR') && Array.isArray(issues) && issues.length > 0) {
      for (const issue of issues) {
        const key = errorKey(issue.field);
        const option = key?.match(/^platforms\.\d+\.options\.(\w+)/)?.[1];
        const text =
          option && i18n.exists(`compose.serverFields.${option}`)
            ? t(`compose.serverFields.${option}`)
            : sentence(issue.message);
        if (key) fields[key] ??= text;
        else general ||= text;
      }
    } else {
      const field = errorField(error);
      let key = field ? errorKey(field) : null;
      if (!key && isReelayError(error) && error.details?.accountId) key = 'platforms';
      if (key) fields[key] = describeError(error);
      else general = describeError(error);
    }
    setServerErrors(fields);
    setGeneralError(general);
    setFocusTick((tick) => tick + 1);
  }

  async function submit(event: Event) {
    event.preventDefault();
    // A second click while the first is on its way does nothing; should a request be
    // repeated anyway, its idempotency key makes the server answer the same post.
    if (sending.current) return;
    setAttempted(true);
    setServerErrors({});
    setGeneralError('');
    const found = checkDraft(draft, new Date());
    if (Object.keys(found).length > 0 || !kind) {
      setFocusTick((tick) => tick + 1);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const { post } = await session.api.posts.create(buildPostBody(draft, kind, idempotencyKey));
      setCreated({ post, names: chosen.map((account) => accountName(account, unnamed)) });
    } catch (error) {
      showRefusal(error);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function composeAnother() {
    media.clear();
    setKindChoice('auto');
    setCaption('');
    setOptions({});
    setSchedule((current) => ({ ...current, when: 'now', date: '', time: '' }));
    setAttempted(false);
    setServerErrors({});
    setGeneralError('');
    setIdempotencyKey(newIdempotencyKey());
    setCreated(null);
    setAnnouncement('');
    setRestarted((count) => count + 1);
  }

  const firstOptions = accountIds[0] ? options[accountIds[0]] : undefined;

  return (
    <section class="compose-page">
      <PageHeading title={t('compose.title')}>{t('compose.title')}</PageHeading>
      <p>{t('compose.intro')}</p>
      <p role="status" class="live">
        {announcement}
      </p>
      {created ? (
        <Confirmation post={created.post} accountNames={created.names} onAnother={composeAnother} />
      ) : (
        <div class="compose-layout">
          <form class="compose-form" onSubmit={submit} noValidate aria-label={t('compose.title')}>
            <MediaSection
              items={media.items}
              errorOf={errorOf}
              onFiles={(files) => {
                const left = media.addFiles(files);
                setAnnouncement(left > 0 ? t('compose.media.tooMany', { count: left }) : '');
              }}
              onUrl={media.addUrl}
              onRemove={(item) => {
                media.remove(item.key);
                setAnnouncement(t('compose.media.removed', { name: item.name }));
              }}
              onMove={(from, to) => {
                const item = media.items[from];
                media.move(from, to);
                if (item) {
                  setAnnouncement(
                    t('compose.media.moved', {
                      name: item.name,
                      position: to + 1,
                      total: media.items.length,
                    }),
                  );
                }
              }}
            />
            <KindField
              choice={kindChoice}
              inferred={inferred}
              errorOf={errorOf}
              onChange={setKindChoice}
            />
            <CaptionField value={caption} kind={kind} errorOf={errorOf} onChange={setCaption} />
            <AccountsSection
              groups={accounts.groups}
              loadError={accounts.error}
              selected={accountIds}
              errorOf={errorOf}
              onRetry={() => void accounts.reload()}
              onToggle={(account, on) =>
                setAccountIds((current) =>
                  on ? [...current, account.id] : current.filter((id) => id !== account.id),
                )
              }
            />
            {chosen.length > 0 && (
              <section class="compose-options" aria-labelledby="compose-options-title">
                <h2 id="compose-options-title">{t('compose.options.title')}</h2>
                {kind ? (
                  chosen.map((account, index) => (
                    <AccountOptions
                      key={account.id}
                      accountId={account.id}
                      name={accountName(account, unnamed)}
                      index={index}
                      kind={kind}
                      loginMode={account.loginMode}
                      draft={options[account.id] ?? emptyOptions()}
                      items={media.items.filter((item) => item.media)}
                      errorOf={errorOf}
                      onChange={(next) =>
                        setOptions((current) => ({ ...current, [account.id]: next }))
                      }
                    />
                  ))
                ) : (
                  <p class="hint">{t('compose.options.needMedia')}</p>
                )}
              </section>
            )}
            <ScheduleSection value={schedule} errorOf={errorOf} onChange={changeSchedule} />
            {generalError && (
              <p id="compose-general-error" role="alert" class="form-error" tabIndex={-1}>
                {generalError}
              </p>
            )}
            <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
              {busy
                ? t('compose.sending')
                : schedule.when === 'schedule'
                  ? t('compose.schedulePost')
                  : t('compose.publishNow')}
            </button>
          </form>
          <PostPreview
            kind={kind}
            items={media.items}
            caption={caption}
            accountName={chosen[0] ? accountName(chosen[0], unnamed) : null}
            altText={kind === 'feed' ? (firstOptions?.altText ?? '') : ''}
          />
        </div>
      )}
    </section>
  );
}
