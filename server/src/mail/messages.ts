// The three account mails of §4.14, as plain text with a simple HTML twin. Links carry base64 values, as GZ::CTF's.
import type { Mail } from './mailer.ts';

export type AccountMailKind = 'verify' | 'reset' | 'confirm';

const base64 = (value: string): string => Buffer.from(value).toString('base64');

/** `{origin}/account/{kind}?token={base64 token}&email={base64 address}` */
export const accountLink = (origin: string, kind: AccountMailKind, token: string, email: string): string => {
  const query = new URLSearchParams({ token: base64(token), email: base64(email) });
  return `${origin}/account/${kind}?${query}`;
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const wording: Record<AccountMailKind, { subject: string; intro: string; action: string; ignore: string }> = {
  verify: {
    subject: 'Confirm your e-mail address',
    intro: 'Welcome! To activate your account "{name}", confirm your e-mail address.',
    action: 'Confirm my address',
    ignore: 'If you did not sign up, ignore this mail: the account stays inactive.',
  },
  reset: {
    subject: 'Reset your password',
    intro: 'Someone asked to reset the password of the account "{name}".',
    action: 'Choose a new password',
    ignore: 'If it was not you, ignore this mail: your password stays as it is.',
  },
  confirm: {
    subject: 'Confirm your new e-mail address',
    intro: 'The account "{name}" asked to use this address from now on.',
    action: 'Confirm the new address',
    ignore: 'If it was not you, ignore this mail: the account keeps its old address.',
  },
};

/** A mail for `userName` at `to` carrying `link`, which works for 3 hours. */
export const accountMail = (
  kind: AccountMailKind,
  platform: string,
  userName: string,
  to: string,
  link: string,
): Mail => {
  const words = wording[kind];
  const intro = words.intro.replace('{name}', userName);
  const expiry = 'The link works for 3 hours.';
  const text = `${intro}\n\n${words.action}: ${link}\n\n${expiry}\n${words.ignore}\n\n— ${platform}\n`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(expiry)} ${escapeHtml(words.ignore)}</p>`,
    `<p>— ${escapeHtml(platform)}</p>`,
  ].join('\n');
  return { to, subject: `${platform}: ${words.subject}`, text, html, link };
};
