/**
 * The `smtp` setup check against a real SMTP server on loopback: it connects, greets and
 * logs in (no mail sent), and says so; a refused login and a closed port are errors with
 * the fix; no SMTP at all is a warning.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { createMailer } from '../src/mail/mailer';
import { checkSmtp } from '../src/setup-checks/local-checks';
import { freePort } from '@reelay/test-support/free-port';

describe('the smtp setup check', () => {
  let smtp: SMTPServer;
  let port: number;
  let mailsReceived = 0;
  const logger = createLogger('silent');
  const mailerFor = (url: string) =>
    createMailer({ smtpUrl: url, from: 'Reelay <convites@example.com>', logger });

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'reelay' && auth.password === 'senha-certa') {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
      onData(stream, _session, callback) {
        mailsReceived += 1;
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('is ok when the server accepts the connection and the login, and sends nothing', async () => {
    const check = await checkSmtp(mailerFor(`smtp://reelay:senha-certa@127.0.0.1:${port}`));
    expect(check).toMatchObject({ id: 'smtp', status: 'ok', reason: 'smtp_ok' });
    expect(check.fix).toBeUndefined();
    expect(mailsReceived).toBe(0);
  });

  it('is an error with the fix when the login is refused', async () => {
    const check = await checkSmtp(mailerFor(`smtp://reelay:senha-errada@127.0.0.1:${port}`));
    expect(check).toMatchObject({ status: 'error', reason: 'smtp_refused' });
    expect(check.message).toContain('O servidor SMTP não aceitou a conexão');
    expect(String(check.details?.error)).toMatch(/Invalid username or password/);
    expect(check.fix).toContain('REELAY_SMTP_URL');
  });

  it('is an error when nothing listens at the address', async () => {
    const closed = await freePort();
    const check = await checkSmtp(mailerFor(`smtp://127.0.0.1:${closed}`));
    expect(check).toMatchObject({ status: 'error', reason: 'smtp_refused' });
    expect(String(check.details?.error)).toMatch(/ECONNREFUSED/);
  });

  it('is a warning without SMTP: invitations are shown as links', async () => {
    expect(await checkSmtp(undefined)).toMatchObject({ status: 'warning', reason: 'smtp_missing' });
  });
});
