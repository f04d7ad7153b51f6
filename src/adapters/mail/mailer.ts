import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from '../../core/ids.js';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** SMTP delivery through nodemailer (smtp:// or smtps:// URL with optional credentials). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

/**
 * No SMTP configured: each message is written as an RFC 822 `.eml` file into
 * `<data dir>/outbox/`, readable only by the service's user, for any mail
 * client, and its plain text beside it as `<same name>.txt`, for a terminal
 * (the `.eml` body is quoted-printable, which splits long links).
 */
export function outboxMailer(folder: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId(6)}.eml`;
      await writeFile(join(folder, name), info.message as Buffer, { mode: 0o600, flag: 'wx' });
      const plain = `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
      await writeFile(join(folder, name.replace(/\.eml$/, '.txt')), plain, { mode: 0o600, flag: 'wx' });
    },
    close() {
      return Promise.resolve();
    },
  };
}

export function createMailer(options: { smtpUrl: string | undefined; mailFrom: string; dataDir: string }): Mailer {
  return options.smtpUrl
    ? smtpMailer(options.smtpUrl, options.mailFrom)
    : outboxMailer(join(options.dataDir, 'outbox'), options.mailFrom);
}
