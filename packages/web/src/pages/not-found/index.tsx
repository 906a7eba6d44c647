/** Any path of the app that is not a page. */
import { PageHeading } from '../../components/page-heading';
import { useT } from '../../i18n';

export default function NotFoundPage() {
  const t = useT();
  return (
    <section>
      <PageHeading title={t('notFound.title')}>{t('notFound.title')}</PageHeading>
      <p>{t('notFound.body')}</p>
      <p>
        <a href="/app/accounts">{t('notFound.back')}</a>
      </p>
    </section>
  );
}
