/**
 * What the preview does not show: the kind of post, when it will be published (in the
 * post's own time zone, and in the viewer's when it is another, both named with their
 * offsets) and every account it goes to.
 */
import type { Review } from '@reelay/sdk';
import { formatInZone, zoneLabel } from '../../components/person-zone';
import { useT } from '../../i18n';

export function ReviewDetails({ review, zone }: { review: Review; zone: string }) {
  const t = useT();
  const { post } = review;
  const at = post.scheduledFor;
  const passed = at !== null && review.canDecide && Date.parse(at) <= Date.now();
  return (
    <section class="review-details" aria-labelledby="review-details-title">
      <h2 id="review-details-title">{t('reviewLinks.page.detailsTitle')}</h2>
      <dl>
        <dt>{t('reviewLinks.page.kind')}</dt>
        <dd>{t(`reviewLinks.page.kindValue.${post.kind}`)}</dd>
        <dt>{t('reviewLinks.page.when')}</dt>
        <dd>
          {at === null ? (
            t('reviewLinks.page.whenApproved')
          ) : (
            <>
              <time dateTime={at}>{formatInZone(at, post.timezone)}</time> ·{' '}
              {zoneLabel(post.timezone, new Date(at))}
              {zone !== post.timezone && (
                <>
                  <br />
                  <small>
                    {t('reviewLinks.page.whenForYou', {
                      time: formatInZone(at, zone),
                      zone: zoneLabel(zone, new Date(at)),
                    })}
                  </small>
                </>
              )}
              {passed && (
                <>
                  <br />
                  <strong>{t('reviewLinks.page.timePassed')}</strong>
                </>
              )}
            </>
          )}
        </dd>
        <dt>{t('reviewLinks.page.accounts')}</dt>
        <dd>
          <ul class="review-accounts">
            {post.accounts.map((account, index) => (
              <li key={`${index}-${account.username ?? ''}`}>
                {account.username ? `@${account.username}` : t('reviewLinks.page.unknownAccount')}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </section>
  );
}
