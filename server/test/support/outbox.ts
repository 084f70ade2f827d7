// Reading the mails the platform wrote to `{dataDir}/outbox` (no SMTP configured), as a user reads their inbox.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const tempDataDir = (): string => mkdtempSync(path.join(os.tmpdir(), 'pennon-data-'));

/** Undoes quoted-printable soft line breaks and escapes, enough to read links back. */
const decodeQuotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export interface ReceivedMail {
  file: string;
  raw: string;
  subject: string;
  /** The first link to `/account/...` in the plain-text part. */
  link: URL;
}

const mailsTo = (dataDir: string, to: string): string[] =>
  readdirSync(path.join(dataDir, 'outbox'))
    .filter((name) => name.endsWith(`-${to}.eml`))
    .sort();

/** How many mails `to` has received. */
export const mailCount = (dataDir: string, to: string): number => {
  try {
    return mailsTo(dataDir, to).length;
  } catch {
    return 0;
  }
};

/** The newest mail to `to`. */
export const lastMail = (dataDir: string, to: string): ReceivedMail => {
  const file = mailsTo(dataDir, to).at(-1);
  if (!file) throw new Error(`no mail to ${to}`);
  return { file, ...readMail(readFileSync(path.join(dataDir, 'outbox', file), 'utf8')) };
};

/** The subject and account link of a raw RFC 822 mail, however it was delivered. */
export const readMail = (raw: string): Omit<ReceivedMail, 'file'> => {
  const href = /https?:\/\/[^\s"<>]+\/account\/[^\s"<>]+/.exec(decodeQuotedPrintable(raw))?.[0];
  if (!href) throw new Error(`no account link in mail:\n${raw}`);
  return { raw, subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', link: new URL(href) };
};

/** The `{token, email}` body a client posts back from a link. */
export const linkBody = (link: URL) => ({
  token: link.searchParams.get('token') ?? '',
  email: link.searchParams.get('email') ?? '',
});
