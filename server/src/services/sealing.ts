// Secrets the platform must read back (a game's signing key, a provider's client secret, a TOTP seed) are kept
// sealed: AES-256-GCM under a key made from a platform secret, so reading their table alone gives none away.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { PlatformSecrets } from './platform-secrets.ts';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class Sealer {
  constructor(
    private readonly secrets: PlatformSecrets,
    /** The platform secret the key is made from: one per kind of sealed thing. */
    private readonly secretName: string,
  ) {}

  /** base64(nonce ‖ ciphertext ‖ tag). */
  async seal(plain: Uint8Array | string): Promise<string> {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.key(), nonce);
    const bytes = typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain;
    return Buffer.concat([nonce, cipher.update(bytes), cipher.final(), cipher.getAuthTag()]).toString(
      'base64',
    );
  }

  /** The bytes `seal` was given; throws when the text was not sealed under this key. */
  async open(sealedText: string): Promise<Buffer> {
    const sealed = Buffer.from(sealedText, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', await this.key(), sealed.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  }

  async openText(sealedText: string): Promise<string> {
    return (await this.open(sealedText)).toString('utf8');
  }

  private async key(): Promise<Buffer> {
    const secret = await this.secrets.get(this.secretName, () => randomBytes(32).toString('base64'));
    return createHash('sha256').update(secret).digest();
  }
}
