/**
 * Settings: the organization's name, the signed-in person's e-mail, and deleting the
 * account (after typing the e-mail), which then signs out. The account is read afresh
 * when the page opens, so a name changed elsewhere shows here.
 */
import '../../components/admin-pages.css';
import { isReelayError } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError, errorField } from '../../components/api-error';
import { Field } from '../../components/field';
import { PageHeading } from '../../components/page-heading';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { DeleteAccountDialog } from './delete-account-dialog';
import { useMe } from './use-me';

export default function SettingsPage() {
  const session = useSessionClient();
  const t = useT();
  const { me, loadError, renamed } = useMe();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteError, setDeleteError] = useState('');

  const nameRefused =
    isReelayError(saveError, 'VALIDATION_ERROR') && errorField(saveError) === 'name';
  const saveMessage = saveError
    ? nameRefused
      ? t('settings.organizationNameInvalid')
      : describeError(saveError)
    : null;

  async function rename(event: Event) {
    event.preventDefault();
    if (!me) return;
    const name = String(new FormData(event.currentTarget as HTMLFormElement).get('name') ?? '');
    setSaving(true);
    setSaveError(null);
    setNotice('');
    try {
      const { organization } = await session.api.organizations.update(me.organization.id, {
        name: name.trim(),
      });
      renamed(organization);
      setNotice(t('settings.organizationSaved', { name: organization.name }));
    } catch (caught) {
      setSaveError(caught);
    } finally {
      setSaving(false);
    }
  }

  async function deleteAccount() {
    setDeleting(true);
    setDeleteError('');
    try {
      await session.api.me.delete();
      await session.signOut();
    } catch (caught) {
      setDeleteError(describeError(caught));
      setDeleting(false);
    }
  }

  return (
    <section class="admin-page settings-page">
      <PageHeading title={t('settings.title')}>{t('settings.title')}</PageHeading>
      {loadError && !me && (
        <p role="alert" class="form-error">
          {describeError(loadError)}
        </p>
      )}
      {!me ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : (
        <>
          <section aria-labelledby="organization-title" class="admin-form">
            <h2 id="organization-title">{t('settings.organizationTitle')}</h2>
            <form onSubmit={rename} noValidate key={me.organization.id}>
              <Field
                label={t('settings.organizationName')}
                name="name"
                id="organization-name"
                required
                maxLength={80}
                hint={t('settings.organizationNameHint')}
                error={nameRefused ? saveMessage : null}
                defaultValue={me.organization.name}
              />
              {saveMessage && !nameRefused && (
                <p role="alert" class="form-error">
                  {saveMessage}
                </p>
              )}
              <button type="submit" aria-busy={saving ? 'true' : undefined} disabled={saving}>
                {saving ? t('settings.saving') : t('settings.save')}
              </button>
            </form>
            <p role="status" class="live">
              {notice}
            </p>
          </section>

          <section aria-labelledby="account-title">
            <h2 id="account-title">{t('settings.accountTitle')}</h2>
            <dl class="facts">
              <dt>{t('settings.email')}</dt>
              <dd>{me.user.email}</dd>
              {me.user.name && (
                <>
                  <dt>{t('settings.name')}</dt>
                  <dd>{me.user.name}</dd>
                </>
              )}
            </dl>
          </section>

          <section aria-labelledby="danger-title" class="danger-zone">
            <h2 id="danger-title">{t('settings.deleteSection')}</h2>
            <p>{t('settings.deleteIntro')}</p>
            <button type="button" class="danger outline" onClick={() => setDeleteOpen(true)}>
              {t('settings.deleteOpen')}
            </button>
          </section>

          {deleteOpen && (
            <DeleteAccountDialog
              email={me.user.email}
              busy={deleting}
              error={deleteError}
              onConfirm={() => void deleteAccount()}
              onCancel={() => {
                setDeleteOpen(false);
                setDeleteError('');
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
