/**
 * The entry of the web app: styles, texts, the session resumed from this browser, then
 * the app rendered into `#app`.
 */
import '@picocss/pico/css/pico.min.css';
import './styles/app.css';
import './i18n';
import { render } from 'preact';
import { App } from './app';
import { session } from './session/session';

void session.start();
render(<App />, document.getElementById('app')!);
