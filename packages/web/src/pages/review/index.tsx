/**
 * A review link's page, `/review/<token>`, for someone without an account (a client): no
 * navigation and no session, only the language switcher. It shows which project asks,
 * for whom the link was made and until when it works, the post as it will look on
 * Instagram and when it will be published; while the post awaits approval, the viewer
 * approves it or requests changes with a comment. A link that does not exist, expired or
 * was revoked says so on a page of its own.
 */
import { isReelayError } from '@reelay/sdk';
import { describeError } from '../../components/api-error';
import { LanguageSelect } from '../../components/language-select';
import { PageHeading } from '../../components/page-heading';
import { formatInZone, usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { useT } from '../../i18n';
import { ReviewDecision, ReviewOutcome } from './review-decision';
import { ReviewDetails } from './review-details';
import { reviewTokenIn } from './review-path';
import { ReviewPreview } from './review-preview';
import { useReview, type LinkProblem, type ReviewState } from './use-review';
import './review.css';

export default function ReviewPage() {
  const t = useT();
  return (
    <>
      <a class="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header class="container review-banner">
        <strong>{t('app.name')}</strong>
        <LanguageSelect />
      </header>
      <main id="main" class="container review-page" tabIndex={-1}>
        <ReviewContent token={reviewTokenIn(location.pathname) ?? ''} />
      </main>
    </>
  );
}

function ReviewContent({ token }: { token: string }) {
  const t = useT();
  const state = useReview(token);
  const { load, problem } = state;
  if (problem) return <LinkNotWorking problem={problem} />;
  if (!load.data) {
    const title = t('reviewLinks.page.title');
    return (
      <section>
        <PageHeading title={title}>{title}</PageHeading>
        {load.error ? (
          <div role="alert">
            <p>
              {isReelayError(load.error, 'RATE_LIMIT_KEY')
                ? t('reviewLinks.page.tooMany')
                : `${t('reviewLinks.page.loadFailed')} ${describeError(load.error)}`}
            </p>
            <button type="button" onClick={() => void load.retry()}>
              {t('app.retry')}
            </button>
          </div>
        ) : (
          <p aria-busy="true">{t('reviewLinks.page.loading')}</p>
        )}
      </section>
    );
  }
  return <ReviewShown state={state} />;
}

function ReviewShown({ state }: { state: ReviewState }) {
  const t = useT();
  const zone = usePersonTimeZone();
  const review = state.load.data!;
  const title = t('reviewLinks.page.title');
  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      <p class="review-intro">
        {t('reviewLinks.page.intro', { project: review.projectName })}
        {review.label && <> {t('reviewLinks.page.sentTo', { label: review.label })}</>}
      </p>
      <p class="review-status">
        <span>{t('reviewLinks.page.status')}:</span>{' '}
        <strong class={`review-status-${review.post.status}`}>
          {t(`reviewLinks.page.statusValue.${review.post.status}`)}
        </strong>
      </p>
      <div class="review-layout">
        <ReviewPreview post={review.post} />
        <div class="review-side">
          <ReviewDetails review={review} zone={zone} />
          {state.outcome ? (
            <ReviewOutcome review={review} outcome={state.outcome} />
          ) : review.canDecide ? (
            <ReviewDecision review={review} state={state} />
          ) : (
            <p class="notice" role={state.alreadyDecided ? 'alert' : undefined}>
              {state.alreadyDecided && <>{t('reviewLinks.page.alreadyDecided')} </>}
              {t('reviewLinks.page.closed')}
            </p>
          )}
          <p class="review-hint">
            {t('reviewLinks.page.validUntil', {
              time: formatInZone(review.expiresAt, zone),
              zone: zoneLabel(zone),
            })}
          </p>
        </div>
      </div>
    </>
  );
}

function LinkNotWorking({ problem }: { problem: LinkProblem }) {
  const t = useT();
  const title = t(`reviewLinks.page.invalid.${problem}Title`);
  return (
    <section class="review-invalid">
      <PageHeading title={title}>{title}</PageHeading>
      <p>{t(`reviewLinks.page.invalid.${problem}`)}</p>
    </section>
  );
}
