/** Where the OpenID Connect issuer sends the browser back: finishes the sign-in. */
import { useEffect } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { PageHeading } from '../../components/page-heading';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';

export default function OidcCallbackPage() {
  const session = useSessionClient();
  const t = useT();
  const { route } = useLocation();
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    void session.completeOidc(query).then((next) => route(next, true));
  }, []);
  return (
    <section aria-busy="true">
      <PageHeading title={t('signIn.title')}>{t('signIn.title')}</PageHeading>
      <p>{t('app.loading')}</p>
    </section>
  );
}
