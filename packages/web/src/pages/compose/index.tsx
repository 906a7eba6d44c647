/**
 * The composer: media (uploaded with progress, taken from the library, or imported from
 * an address), the kind of post, the caption with its counters, 1 to 5 accounts with
 * their options, now, a moment in a named time zone or the accounts' queue, and a preview
 * in Instagram's frames. A free slot clicked on the calendar opens it with that time and
 * account (`?at=<ISO instant>&account=<id>`). Core's rules check the draft before it is
 * sent; the server's refusals are shown beside the field they name. Every attempt of one
 * draft carries the same idempotency key, so a second click or a retried request never
 * makes a second post. "Save as draft" keeps the post without sending it, whatever it
 * still lacks; a saved draft opens here for editing (`?draft=<id>`, from its page).
 */
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { PageHeading } from '../../components/page-heading';
import { usePersonTimeZone } from '../../components/person-zone';
import { useT } from '../../i18n';
import { accountName } from './accounts-section';
import { ComposeForm } from './compose-form';
import {
  checkDraft,
  checkDraftToSave,
  effectiveKind,
  type ComposeDraft,
  type Problem,
} from './compose-rules';
import { Confirmation } from './confirmation';
import { DraftUnavailable, draftEditable } from './draft-unavailable';
import type { ErrorOf } from './field-note';
import { PostPreview } from './post-preview';
import { canPostTo, useComposeAccounts } from './use-compose-accounts';
import { startFromQuery, useComposeChoices } from './use-compose-draft';
import { useDraftEdit } from './use-draft-edit';
import { useMediaItems } from './use-media-items';
import { usePostSending } from './use-post-sending';
import './compose.css';

export default function ComposePage() {
  const t = useT();
  const { query, route } = useLocation();
  const personZone = usePersonTimeZone();
  const media = useMediaItems();
  const accounts = useComposeAccounts();
  const [start] = useState(() => startFromQuery(query, personZone));
  const choices = useComposeChoices(start);
  const sending = usePostSending();
  const editing = useDraftEdit(query.draft || null, media, choices, personZone);
  const [announcement, setAnnouncement] = useState('');
  const [restarted, setRestarted] = useState(0);
  const { kindChoice, caption, accountIds, options, schedule, repeat, evergreen } = choices;

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
    repeat,
    evergreen,
    // The queue's times are shown in the person's zone: the post is described in it too.
    ...(schedule.when === 'queue' ? { timeZone: personZone } : {}),
  };
  const types = media.items
    .filter((item) => item.status !== 'failed')
    .map((item) => item.media?.type ?? item.localType)
    .filter((type): type is 'image' | 'video' => type !== null);
  const kind = effectiveKind(kindChoice, types);
  const inferred = effectiveKind('auto', types);
  const problems =
    sending.attempted === 'send'
      ? checkDraft(draft, new Date())
      : sending.attempted === 'draft'
        ? checkDraftToSave(draft)
        : {};
  const unnamed = t('compose.accounts.unnamed');
  const chosen = accountIds
    .map((id) => accounts.accounts.find((account) => account.id === id))
    .filter((account) => account !== undefined);
  const nameOf = (id: string) => {
    const account = accounts.accounts.find((item) => item.id === id);
    return account ? accountName(account, unnamed) : id;
  };

  const problemText = (problem: Problem) => {
    const values = problem.values ?? {};
    // The series' problems carry their whole key (series-*.ts).
    const key = problem.key.startsWith('series.') ? problem.key : `compose.problems.${problem.key}`;
    return t(key, {
      ...values,
      ...(values.kind ? { kind: t(`compose.kinds.${values.kind}`) } : {}),
    });
  };
  const errorOf: ErrorOf = (field) =>
    sending.serverErrors[field] ?? (problems[field] ? problemText(problems[field]) : null);

  // An account named by the address that cannot take posts (gone, to reconnect) is left out.
  useEffect(() => {
    if (!accounts.groups) return;
    choices.keepAccounts((id) =>
      accounts.accounts.some((account) => account.id === id && canPostTo(account)),
    );
  }, [accounts.groups]);

  // A new draft starts at its first field.
  useEffect(() => {
    if (restarted > 0) document.getElementById('compose-files')?.focus();
  }, [restarted]);

  const names = () => chosen.map((account) => accountName(account, unnamed));
  function saveDraft() {
    const edited = editing.post
      ? {
          id: editing.post.id,
          accountsChanged:
            choices.optionsTouched || accountIds.join() !== editing.accountIds.join(),
        }
      : null;
    void sending.saveDraft(draft, kind, { accountIds, nameOf }, names(), edited);
  }

  function submit(event: Event) {
    event.preventDefault();
    if (editing.active) saveDraft();
    else void sending.send(draft, kind, { accountIds, nameOf }, names());
  }

  function composeAnother() {
    if (editing.active) route('/app/compose');
    media.clear();
    choices.reset();
    sending.reset();
    setAnnouncement('');
    setRestarted((count) => count + 1);
  }

  const title = editing.active ? t('compose.draft.title') : t('compose.title');
  const created = sending.created;

  return (
    <section class="compose-page">
      <PageHeading title={title}>{title}</PageHeading>
      <p>{editing.active ? t('compose.draft.intro') : t('compose.intro')}</p>
      {!editing.active && (
        <p>
          <a href="/app/import">{t('import.fromCompose')}</a>
        </p>
      )}
      <p role="status" class="live">
        {announcement}
      </p>
      {created ? (
        <Confirmation
          post={created.post}
          accountNames={created.names}
          queued={created.queued}
          nameOf={nameOf}
          draft={created.draft}
          zone={personZone}
          onAnother={composeAnother}
        />
      ) : editing.active && !draftEditable(editing.post) ? (
        <DraftUnavailable
          post={editing.post}
          error={editing.error}
          onRetry={() => void editing.retry()}
        />
      ) : (
        <div class="compose-layout">
          <ComposeForm
            media={media}
            choices={choices}
            accounts={accounts}
            chosen={chosen}
            kind={kind}
            inferred={inferred}
            zone={personZone}
            errorOf={errorOf}
            sending={sending}
            onAnnounce={setAnnouncement}
            onSubmit={submit}
            onSaveDraft={saveDraft}
            editingDraft={editing.active}
          />
          <PostPreview
            kind={kind}
            items={media.items}
            caption={caption}
            accounts={chosen.map((account) => ({
              id: account.id,
              name: accountName(account, unnamed),
            }))}
            altTextOf={(id) => options[id]?.altText ?? ''}
          />
        </div>
      )}
    </section>
  );
}
