// The configured captcha (§4.13): what the client must show, and the check on register, login and recovery
// when the account policy's `useCaptcha` is on.
import type { ClientCaptchaInfoModel, HashPowChallenge } from '@pennon/sdk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { ConfigStore } from '../services/config-store.ts';
import type { CaptchaSettings } from '../settings.ts';
import { HashPow } from './hash-pow.ts';
import { verifyTurnstile } from './turnstile.ts';

export class Captcha {
  private readonly pow: HashPow;

  constructor(
    db: Kysely<Database>,
    private readonly config: ConfigStore,
    private readonly settings: CaptchaSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pow = new HashPow(db, settings.powDifficulty);
  }

  async info(): Promise<ClientCaptchaInfoModel> {
    const { accountPolicy } = await this.config.read();
    return accountPolicy.useCaptcha
      ? { type: this.settings.provider, siteKey: this.settings.siteKey }
      : { type: 'None', siteKey: '' };
  }

  /** A new proof-of-work challenge, or null when the provider isn't HashPow (whatever `useCaptcha` says). */
  powChallenge(): Promise<HashPowChallenge> | null {
    return this.settings.provider === 'HashPow' ? this.pow.issue() : null;
  }

  /** Throws the 400 envelope unless the answer passes, when the policy asks for a captcha. */
  async require(answer: string | null | undefined, ip: string): Promise<void> {
    const { accountPolicy } = await this.config.read();
    if (!accountPolicy.useCaptcha || (await this.passes(answer ?? '', ip))) return;
    throw new DomainError(400, 'The captcha check failed: please try again');
  }

  private async passes(answer: string, ip: string): Promise<boolean> {
    switch (this.settings.provider) {
      case 'None':
        return true;
      case 'HashPow':
        return this.pow.verify(answer);
      case 'CloudflareTurnstile':
        try {
          return await verifyTurnstile(
            { secretKey: this.settings.secretKey, verifyUrl: this.settings.turnstileVerifyUrl },
            answer,
            ip,
          );
        } catch (err) {
          this.log.warn({ err }, 'Turnstile siteverify failed');
          return false;
        }
    }
  }
}
