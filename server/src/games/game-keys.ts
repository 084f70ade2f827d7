// The Ed25519 key pair of each game (§4.5): it signs participation tokens `{teamId}:{base64 signature}`.
// The private key is stored sealed (AES-256-GCM under a platform secret), so reading the games table alone
// doesn't give it away, and no answer ever carries it.
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import type { PlatformSecrets } from '../services/platform-secrets.ts';
import { Sealer } from '../services/sealing.ts';
import { signedText } from '../services/team-tokens.ts';

const secretName = 'game-key-seal';

export interface GameKeyPair {
  /** Base64 of the raw 32-byte public key. */
  publicKey: string;
  /** Sealed PKCS#8: base64(nonce ‖ ciphertext ‖ tag). */
  privateKey: string;
}

export class GameKeys {
  readonly #sealer: Sealer;

  constructor(secrets: PlatformSecrets) {
    this.#sealer = new Sealer(secrets, secretName);
  }

  async generate(): Promise<GameKeyPair> {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
    return { publicKey: raw.toString('base64'), privateKey: await this.#sealer.seal(pkcs8) };
  }

  /** The participation token of a team in the game whose sealed key this is. */
  async teamToken(sealedPrivateKey: string, teamId: number): Promise<string> {
    const pkcs8 = await this.#sealer.open(sealedPrivateKey);
    const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
    return `${teamId}:${sign(null, Buffer.from(signedText(teamId)), privateKey).toString('base64')}`;
  }
}
