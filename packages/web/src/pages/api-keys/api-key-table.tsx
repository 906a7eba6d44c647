/**
 * The project's API keys as a table: name, prefix, role, when created and last used, whether
 * revoked, and the revoke button of each active key. Times are the browser's, named once
 * above the table.
 */
import { LocalTime, localTimeZone } from '../../components/local-time';
import { useT } from '../../i18n';
import type { ApiKey } from './use-api-keys';

export interface ApiKeyTableProps {
  keys: readonly ApiKey[];
  keyName(key: ApiKey): string;
  onRevoke(key: ApiKey): void;
}

export function ApiKeyTable({ keys, keyName, onRevoke }: ApiKeyTableProps) {
  const t = useT();
  return (
    <>
      <p class="muted">
        <small>{t('apiKeys.timesIn', { zone: localTimeZone() })}</small>
      </p>
      <div class="table-scroll">
        <table class="striped">
          <thead>
            <tr>
              <th scope="col">{t('apiKeys.name')}</th>
              <th scope="col">{t('apiKeys.prefix')}</th>
              <th scope="col">{t('apiKeys.role')}</th>
              <th scope="col">{t('apiKeys.createdAt')}</th>
              <th scope="col">{t('apiKeys.lastUsedAt')}</th>
              <th scope="col">{t('apiKeys.status')}</th>
              <th scope="col">{t('apiKeys.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} name={keyName(key)} onRevoke={onRevoke} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ApiKeyRow(props: { apiKey: ApiKey; name: string; onRevoke(key: ApiKey): void }) {
  const t = useT();
  const key = props.apiKey;
  return (
    <tr class={key.revokedAt ? 'revoked' : undefined}>
      <th scope="row">{props.name}</th>
      <td>
        <code>{key.prefix}…</code>
      </td>
      <td>{t(`roles.${key.role}`)}</td>
      <td>
        <LocalTime iso={key.createdAt} />
      </td>
      <td>{key.lastUsedAt ? <LocalTime iso={key.lastUsedAt} /> : t('apiKeys.neverUsed')}</td>
      <td>
        {key.revokedAt ? (
          <>
            {t('apiKeys.revokedAt')} <LocalTime iso={key.revokedAt} />
          </>
        ) : (
          t('apiKeys.active')
        )}
      </td>
      <td>
        {!key.revokedAt && (
          <button
            type="button"
            class="danger outline"
            aria-label={t('apiKeys.revokeLabel', { name: props.name })}
            onClick={() => props.onRevoke(key)}
          >
            {t('apiKeys.revoke')}
          </button>
        )}
      </td>
    </tr>
  );
}
