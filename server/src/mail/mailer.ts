// Sends the platform's mails: over SMTP when PENNON_SMTP_URL is set, else into `{dataDir}/outbox` as .eml files
// (real RFC 822 messages, built by nodemailer's stream transport) so a single-host setup or a test can read them.
// Either way the recipient, subject and link are logged, so an operator can always help a user along.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link the mail carries, for the log. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

/** A file-name-safe form of an address. */
const safeName = (address: string): string => address.replace(/[^\w.@+-]/g, '_');

export const createMailer = ({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer => {
  const outbox = path.join(dataDir, 'outbox');
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  // Strictly increasing per process, so two mails in one millisecond get two files.
  let lastStamp = 0;

  return {
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      let file: string | undefined;
      if (!smtpUrl) {
        lastStamp = Math.max(Date.now(), lastStamp + 1);
        await mkdir(outbox, { recursive: true });
        file = path.join(outbox, `${lastStamp}-${safeName(mail.to)}.eml`);
        await writeFile(file, info.message as Buffer);
      }
      log.info({ to: mail.to, subject: mail.subject, link: mail.link, ...(file && { file }) }, 'mail sent');
    },
  };
};
