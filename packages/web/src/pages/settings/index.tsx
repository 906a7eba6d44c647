/**
 * Settings: the organization's name, the chosen project's approval of editors' posts,
 * the signed-in person's e-mail, and deleting the account (after typing the e-mail),
 * which then signs out. The account is read afresh
 * when the page opens, so a name changed elsewhere shows here.
 */
import '../../components/admin-pages.css';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { PageHeading } from '../../components/page-heading';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { ApprovalSetting } from './approval-setting';
import { DeleteAccountDialog } from './delete-account-dialog';
import { OrganizationForm } from './organization-form';
import { useMe } from './use-me';

export default function SettingsPage() {
  const session = useSessionClient();
  const t = useT();
  const { me, loadError, renamed } = useMe();
  const [deleting, setDeleting] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteError, setDeleteError] = useState('');

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
          <OrganizationForm organization={me.organization} onRenamed={renamed} />

          <ApprovalSetting />

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
