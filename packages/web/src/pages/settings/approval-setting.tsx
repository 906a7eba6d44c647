/**
 * The chosen project's approval setting: whether editors' posts wait for an admin's or
 * the owner's approval before they are scheduled. An admin or the owner switches it
 * (saved at once, and said); anyone else sees it switched off for them, with who may
 * change it. Each profile may decide for itself, on the accounts page.
 */
import { roleMeets } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { LoadFailed } from '../../components/page-feedback';
import { useLoad } from '../../components/use-load';
import { useT } from '../../i18n';
import { useApi, useProjectRole, useSession } from '../../session/session-context';

export function ApprovalSetting() {
  const api = useApi();
  const t = useT();
  const state = useSession();
  const role = useProjectRole();
  const projectId = state.status === 'signed-in' ? state.projectId : '';
  const project =
    state.status === 'signed-in'
      ? (state.me.projects.find((item) => item.id === projectId)?.name ?? '')
      : '';
  const canChange = role !== null && roleMeets(role, 'admin');
  const settings = useLoad(
    async (signal) => (await api.projectSettings.get(projectId, { signal })).settings,
    [projectId],
  );
  // The switch moves at once and stays so while saving; a refusal puts it back.
  const [pending, setPending] = useState<boolean | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');

  async function change(approvalRequired: boolean) {
    setPending(approvalRequired);
    setError(null);
    setNotice('');
    try {
      const answer = await api.projectSettings.update(projectId, { approvalRequired });
      settings.update(() => answer.settings);
      setNotice(
        t(answer.settings.approvalRequired ? 'settings.approval.on' : 'settings.approval.off'),
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-labelledby="approval-title" class="admin-form">
      <h2 id="approval-title">{t('settings.approval.title')}</h2>
      <p>{t('settings.approval.intro', { project })}</p>
      {settings.error && !settings.data ? (
        <LoadFailed
          message={t('settings.approval.loadFailed')}
          error={settings.error}
          onRetry={() => void settings.retry()}
        />
      ) : !settings.data ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : (
        <>
          <label for="approval-required">
            <input
              id="approval-required"
              type="checkbox"
              role="switch"
              checked={pending ?? settings.data.approvalRequired}
              disabled={!canChange || pending !== null}
              aria-busy={pending !== null ? 'true' : undefined}
              aria-describedby="approval-required-hint"
              onChange={(event) => void change(event.currentTarget.checked)}
            />
            {t('settings.approval.label')}
          </label>
          <small id="approval-required-hint" class="switch-hint">
            {canChange
              ? t('settings.approval.hint')
              : t('settings.approval.adminOnly', { role: role ? t(`roles.${role}`) : '' })}
          </small>
        </>
      )}
      {error ? (
        <p role="alert" class="form-error">
          {describeError(error)}
        </p>
      ) : null}
      <p role="status" class="live">
        {notice}
      </p>
    </section>
  );
}
