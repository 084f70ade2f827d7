// The Ed25519 key pair of each game (§4.5): it signs participation tokens `{teamId}:{base64 signature}`.
// The private key is stored sealed (AES-256-GCM under a platform secret), so reading the games table alone
// doesn't give it away, and no answer ever carries it.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
} from 'node:crypto';
import type { PlatformSecrets } from '../services/platform-secrets.ts';
import { signedText } from '../services/team-tokens.ts';

const secretName = 'game-key-seal';

export interface GameKeyPair {
  /** Base64 of the raw 32-byte public key. */
  publicKey: string;
  /** Sealed PKCS#8: base64(nonce ‖ ciphertext ‖ tag). */
  privateKey: string;
}

export class GameKeys {
  constructor(private readonly secrets: PlatformSecrets) {}

  async generate(): Promise<GameKeyPair> {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
    const key = await this.key();
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const sealed = Buffer.concat([nonce, cipher.update(pkcs8), cipher.final(), cipher.getAuthTag()]);
    return { publicKey: raw.toString('base64'), privateKey: sealed.toString('base64') };
  }

  /** The participation token of a team in the game whose sealed key this is. */
  async teamToken(sealedPrivateKey: string, teamId: number): Promise<string> {
    const sealed = Buffer.from(sealedPrivateKey, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', await this.key(), sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const pkcs8 = Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
    const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
    return `${teamId}:${sign(null, Buffer.from(signedText(teamId)), privateKey).toString('base64')}`;
  }

  private async key(): Promise<Buffer> {
    const secret = await this.secrets.get(secretName, () => randomBytes(32).toString('base64'));
    return createHash('sha256').update(secret).digest();
  }
}
