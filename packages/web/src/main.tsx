/**
 * The entry of the web app: styles, texts, the session resumed from this browser, then
 * the app rendered into `#app`.
 */
import '@picocss/pico/css/pico.min.css';
import './styles/app.css';
import './i18n';
import { render } from 'preact';
import { App } from './app';
import { Session } from './session/session';
import { SessionProvider } from './session/session-context';

/** The app's session, against the server that serves the app. */
const session = new Session(location.origin);
void session.start();
render(
  <SessionProvider session={session}>
    <App />
  </SessionProvider>,
  document.getElementById('app')!,
);
