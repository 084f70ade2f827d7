// The mailed links of §4.14: each one issues a token for its purpose and sends it, and each check undoes that.

import { DomainError } from '../errors/domain-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type AccountMailKind, accountLink, accountMail } from '../mail/messages.ts';
import type { AccountTokens, TokenPurpose } from './account-tokens.ts';
import { publicOrigin } from './public-origin.ts';
import type { User } from './users.ts';

const purposes: Record<AccountMailKind, TokenPurpose> = {
  verify: 'confirm',
  reset: 'reset',
  confirm: 'email',
};

/** The origin mailed links start with; only `AccountMails.linkBase` makes one. */
export type LinkBase = string & { readonly linkBase: unique symbol };

/** What a link's base64 query values decode to; garbage decodes to garbage, which then matches nothing. */
export const fromBase64 = (value: string): string => Buffer.from(value, 'base64').toString();

export class AccountMails {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly mailer: Mailer,
    /** PENNON_PUBLIC_URL: the origin of every mailed link. */
    private readonly publicUrl: string | undefined,
  ) {}

  /**
   * Where mailed links point: the platform's public origin (public-origin.ts). Called before anything is written,
   * so a refusal leaves nothing.
   */
  linkBase(requestOrigin: string): LinkBase {
    const origin = publicOrigin(this.publicUrl, requestOrigin);
    if (origin) return origin as LinkBase;
    throw new DomainError(
      400,
      "Mails with links need the platform's public address: an administrator must set PENNON_PUBLIC_URL",
    );
  }

  /** Whether mailed links can point somewhere for a request from `requestOrigin`. */
  canLink(requestOrigin: string): boolean {
    return publicOrigin(this.publicUrl, requestOrigin) !== undefined;
  }

  /** Mails `kind`'s link about `email` (the new address for a change) to that address; 400 when sending fails. */
  async send(kind: AccountMailKind, user: User, email: string, base: LinkBase, platform: string) {
    const token = await this.tokens.issue(purposes[kind], user, email);
    const link = accountLink(base, kind, token, email);
    try {
      await this.mailer.send(accountMail(kind, platform, user.userName, email, link));
    } catch {
      throw new DomainError(
        400,
        'The mail could not be sent: please try again later or ask an administrator',
      );
    }
  }

  /** Whether the base64 token of a `kind` link is good for this user and address. */
  check(kind: AccountMailKind, base64Token: string, user: User, email: string): Promise<boolean> {
    return this.tokens.check(fromBase64(base64Token), purposes[kind], user, email);
  }
}
