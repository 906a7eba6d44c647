/**
 * Sending e-mail through the operator's SMTP server (`REELAY_SMTP_URL`), with nodemailer:
 * a well-kept client that speaks SMTP, STARTTLS and authentication from one URL. Without
 * the setting there is no mailer, and what would have been mailed is only shown (an
 * invitation's link is always given to copy). A send never hangs a request: it gives up
 * after a few seconds and answers whether it went.
 */
import { createTransport } from 'nodemailer';
import type { Logger } from '../logger';

/** One message: plain text, for every mail client. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends a message; answers whether the SMTP server accepted it (failures are logged). */
  send(message: MailMessage): Promise<boolean>;
  /** Connects, greets (EHLO) and authenticates without sending; `null` when it worked, else why not. */
  verify(): Promise<string | null>;
}

/** How long a send may take, from connecting to the server's answer. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * A mailer for an SMTP URL (`smtp://user:pass@host:587`, `smtps://…`), or `undefined`
 * without one.
 *
 * @example
 * ```ts
 * const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'Reelay <no-reply@example.com>', logger });
 * await mailer?.send({ to: 'bia@example.com', subject: 'Oi', text: 'Olá' }); // true
 * ```
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
}): Mailer | undefined {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) return undefined;
  const url = new URL(smtpUrl);
  const transport = createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
        return true;
      } catch (error) {
        // The address is the operator's business, not the logs': the domain is enough.
        logger.warn('e-mail não enviado', {
          to: message.to.replace(/^[^@]*/, '…'),
          error,
        });
        return false;
      }
    },
    async verify() {
      try {
        await transport.verify();
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
  };
}
