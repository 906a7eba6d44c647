/**
 * The composer: media (uploaded with progress, taken from the library, or imported from
 * an address), the kind of post, the caption with its counters, 1 to 5 accounts with
 * their options, now, a moment in a named time zone or the accounts' queue, and a preview
 * in Instagram's frames. A free slot clicked on the calendar opens it with that time and
 * account (`?at=<ISO instant>&account=<id>`). Core's rules check the draft before it is
 * sent; the server's refusals are shown beside the field they name. Every attempt of one
 * draft carries the same idempotency key, so a second click or a retried request never
 * makes a second post.
 */
import type { PostKind } from '@reelay/core';
import type { Post } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { mediaTitle } from '../../components/library-item';
import { PageHeading } from '../../components/page-heading';
import { usePersonTimeZone } from '../../components/person-zone';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { AccountOptions } from './account-options';
import { accountName, AccountsSection } from './accounts-section';
import { CaptionField, KindField } from './caption-section';
import {
  buildPostBody,
  checkDraft,
  effectiveKind,
  emptyOptions,
  type ComposeDraft,
  type OptionsDraft,
  type Problem,
} from './compose-rules';
import { Confirmation } from './confirmation';
import type { ErrorOf } from './field-note';
import { MediaSection } from './media-section';
import { PostPreview } from './post-preview';
import { QueuePreview } from './queue-preview';
import { refusalOf } from './refusal';
import { ScheduleSection, type ScheduleValue } from './schedule-section';
import { browserTimeZone, wallClock } from './time-zone';
import { canPostTo, useComposeAccounts } from './use-compose-accounts';
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

/** The time and account a calendar's free slot opens the composer with, when valid. */
function slotFromQuery(query: Record<string, string>, zone: string) {
  const at = query.at ? new Date(query.at) : null;
  const valid = at !== null && !Number.isNaN(at.getTime());
  return {
    schedule: valid ? { when: 'schedule' as const, ...wallClock(at, zone), timeZone: zone } : null,
    accountId: /^int_\w+$/.test(query.account ?? '') ? query.account! : null,
  };
}

export default function ComposePage() {
  const session = useSessionClient();
  const t = useT();
  const { query } = useLocation();
  const personZone = usePersonTimeZone();
  const media = useMediaItems();
  const accounts = useComposeAccounts();
  const [slot] = useState(() => slotFromQuery(query, personZone));
  const [kindChoice, setKindChoice] = useState<PostKind | 'auto'>('auto');
  const [caption, setCaption] = useState('');
  const [accountIds, setAccountIds] = useState<string[]>(() =>
    slot.accountId ? [slot.accountId] : [],
  );
  const [options, setOptions] = useState<Record<string, OptionsDraft>>({});
  const [schedule, setSchedule] = useState<ScheduleValue>(
    () => slot.schedule ?? { when: 'now', date: '', time: '', timeZone: browserTimeZone() },
  );
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [created, setCreated] = useState<{
    post: Post;
    names: string[];
    queued: boolean;
  } | null>(null);
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
    // The queue's times are shown in the person's zone: the post is described in it too.
    ...(schedule.when === 'queue' ? { timeZone: personZone } : {}),
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

  // An account named by the address that cannot take posts (gone, to reconnect) is left out.
  useEffect(() => {
    if (!accounts.groups) return;
    setAccountIds((current) =>
      current.filter((id) =>
        accounts.accounts.some((account) => account.id === id && canPostTo(account)),
      ),
    );
  }, [accounts.groups]);

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
    const { fields, general } = refusalOf(error, {
      accountIds,
      nameOf: (id) => {
        const account = accounts.accounts.find((item) => item.id === id);
        return account ? accountName(account, unnamed) : id;
      },
    });
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
      setCreated({
        post,
        names: chosen.map((account) => accountName(account, unnamed)),
        queued: schedule.when === 'queue',
      });
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
        <Confirmation
          post={created.post}
          accountNames={created.names}
          queued={created.queued}
          nameOf={(id) => {
            const account = accounts.accounts.find((item) => item.id === id);
            return account ? accountName(account, unnamed) : id;
          }}
          zone={personZone}
          onAnother={composeAnother}
        />
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
              kind={kindChoice === 'auto' ? null : kindChoice}
              onLibrary={(picked) => {
                const left = media.addMedia(picked, (item) => mediaTitle(item, personZone));
                setAnnouncement(
                  left > 0
                    ? t('compose.media.tooMany', { count: left })
                    : t('compose.library.added', { count: picked.length }),
                );
              }}
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
              onRetry={() => void accounts.retry()}
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
            <ScheduleSection
              value={schedule}
              errorOf={errorOf}
              onChange={changeSchedule}
              queue={
                <QueuePreview
                  accounts={chosen.map((account) => ({
                    id: account.id,
                    name: accountName(account, unnamed),
                  }))}
                  zone={personZone}
                  errorOf={errorOf}
                />
              }
            />
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
                  : schedule.when === 'queue'
                    ? t('compose.addToQueue')
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
