import type { Transporter } from 'nodemailer';
import type { Db } from '@db/client.ts';
import { outbox } from '@db/schema/index.ts';
import { newId } from '@core/ids.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends mail. SMTP when SMTP_URL is set; otherwise the database outbox (/dev/outbox shows it). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer loads with the first message: a process that sends none does not hold it (≈ 5 MB of RSS). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    kind: 'smtp',
    async send(message) {
      await (await open()).sendMail({ from, ...message });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outbox).values({
        id: newId(),
        channel: 'mail',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
      });
    },
    async close() {},
  };
}
