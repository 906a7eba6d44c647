/**
 * One account of a post and how it went there: status, when it was published and the
 * link to the post on Instagram, or the error's code, message and what to do about it.
 */
import type { PostTarget } from '@reelay/sdk';
import { formatInZone, zoneLabel } from '../../components/person-zone';
import { StatusBadge } from '../../components/post-status';
import { i18n, useT } from '../../i18n';
import { guidanceFor } from './guidance';

export interface TargetOutcomeProps {
  target: PostTarget;
  /** `@username`, or a placeholder when the account is gone. */
  accountName: string;
  zone: string;
}

/** The advice for a code: its own text when the app has one, else its kind's. */
function adviceFor(code: string): string {
  const own = `postDetail.advice.${code}`;
  return i18n.exists(own) ? i18n.t(own) : i18n.t(`postDetail.adviceFor.${guidanceFor(code)}`);
}

export function TargetOutcome({ target, accountName, zone }: TargetOutcomeProps) {
  const t = useT();
  const headingId = `target-${target.id}-name`;
  const guidance = target.errorCode ? guidanceFor(target.errorCode) : 'none';
  return (
    <article
      id={`target-${target.id}`}
      class={`target status-${target.status}`}
      aria-labelledby={headingId}
    >
      <header>
        <h3 id={headingId}>{accountName}</h3>
        <StatusBadge status={target.status} />
      </header>
      {target.status === 'scheduled' && !target.errorCode && <p>{t('postDetail.targetWaiting')}</p>}
      {target.status === 'draft' && <p>{t('postDetail.targetDraft')}</p>}
      {target.status === 'awaiting_approval' && <p>{t('postDetail.targetAwaiting')}</p>}
      {(target.status === 'queued' || target.status === 'publishing') && (
        <p aria-busy="true">{t('postDetail.targetPublishing')}</p>
      )}
      {(target.publishedAt || target.errorCode || target.warningMessage) && (
        <dl>
          {target.publishedAt && (
            <>
              <dt>{t('postDetail.publishedAt')}</dt>
              <dd>
                {formatInZone(target.publishedAt, zone)} · {zoneLabel(zone)}
              </dd>
            </>
          )}
          {target.errorCode && (
            <>
              <dt>{t('postDetail.errorCode')}</dt>
              <dd>
                <code>{target.errorCode}</code>
              </dd>
              <dt>{t('postDetail.errorMessage')}</dt>
              <dd>{target.errorMessage ?? t('postDetail.noMessage')}</dd>
              {guidance !== 'none' && (
                <>
                  <dt>{t('postDetail.whatToDo')}</dt>
                  <dd class={`guidance guidance-${guidance}`}>
                    <strong>{t(`postDetail.guidance.${guidance}`)}</strong>
                    {': '}
                    {adviceFor(target.errorCode)}
                    {guidance === 'reconnect' && (
                      <>
                        {' '}
                        <a href="/app/accounts">{t('postDetail.toAccounts')}</a>
                      </>
                    )}
                  </dd>
                </>
              )}
            </>
          )}
          {target.warningMessage && (
            <>
              <dt>{t('postDetail.warning')}</dt>
              <dd>{target.warningMessage}</dd>
            </>
          )}
        </dl>
      )}
      {target.platformPostUrl && (
        <p>
          <a href={target.platformPostUrl} target="_blank" rel="noopener noreferrer">
            {t('postDetail.viewOnInstagram', { name: accountName })}
          </a>
        </p>
      )}
    </article>
  );
}
