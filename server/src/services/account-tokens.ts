// The single-purpose tokens of mailed links (§4.14): e-mail confirmation, password reset, e-mail change.
// A token is `base64url(payload).base64url(HMAC)`; the MAC also covers the user's security stamp, which rotates on
// every password (and e-mail) change, so such a change voids every link sent before it. Lifetime: 3 hours (§1.2).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PlatformSecrets } from './platform-secrets.ts';

export type TokenPurpose = 'confirm' | 'reset' | 'email';

export const accountTokenLifetimeMs = 3 * 60 * 60 * 1000;

interface Payload {
  /** purpose */
  p: TokenPurpose;
  /** user id */
  u: string;
  /** the e-mail address the token is about (the new one for a change) */
  e: string;
  /** expiry, Unix ms */
  x: number;
}

export interface TokenSubject {
  id: string;
  securityStamp: string;
}

export class AccountTokens {
  constructor(
    private readonly secrets: PlatformSecrets,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(purpose: TokenPurpose, user: TokenSubject, email: string): Promise<string> {
    const payload: Payload = { p: purpose, u: user.id, e: email, x: this.now() + accountTokenLifetimeMs };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${(await this.mac(body, user.securityStamp)).toString('base64url')}`;
  }

  /** Whether the token was issued for this purpose, user and e-mail, is unexpired and the stamp is unchanged. */
  async check(token: string, purpose: TokenPurpose, user: TokenSubject, email: string): Promise<boolean> {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return false;
    const expected = await this.mac(body, user.securityStamp);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Payload;
    return (
      payload.p === purpose &&
      payload.u === user.id &&
      payload.e.toLowerCase() === email.toLowerCase() &&
      payload.x > this.now()
    );
  }

  private async mac(body: string, stamp: string): Promise<Buffer> {
    const key = await this.secrets.get('account-token-key', () => randomBytes(32).toString('base64'));
    return createHmac('sha256', Buffer.from(key, 'base64')).update(`${body}.${stamp}`).digest();
  }
}
