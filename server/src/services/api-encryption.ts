// The server side of the payload encryption of §1.8: the platform's X25519 key pair, and decrypting the body fields
// a route marks `encrypted` (passwords, flags). A field that does not decrypt is read as empty.
import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The private key of the payload encryption while it is on (§1.8), else undefined. */
    payloadKey(): Promise<KeyObject | undefined>;
  }
}

const PUBLIC_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A fresh private key, as the base64 PKCS#8 the config table keeps (it never leaves the server). */
export const generatePrivateKey = (): string =>
  generateKeyPairSync('x25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');

export const loadPrivateKey = (stored: string): KeyObject =>
  createPrivateKey({ key: Buffer.from(stored, 'base64'), format: 'der', type: 'pkcs8' });

/** The raw 32-byte public key in base64: `ClientConfig.apiPublicKey`. */
export const publicKeyOf = (privateKey: KeyObject): string =>
  Buffer.from(createPublicKey(privateKey).export({ format: 'jwk' }).x as string, 'base64url').toString(
    'base64',
  );

/** base64(ephemeral public key ‖ nonce ‖ AES-256-GCM ciphertext ‖ tag) → the text; '' when it does not decrypt. */
export const decryptPayload = (privateKey: KeyObject, payload: string): string => {
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length < PUBLIC_KEY_BYTES + NONCE_BYTES + TAG_BYTES) return '';
  try {
    const ephemeral = createPublicKey({
      key: { kty: 'OKP', crv: 'X25519', x: bytes.subarray(0, PUBLIC_KEY_BYTES).toString('base64url') },
      format: 'jwk',
    });
    const key = createHash('sha256')
      .update(diffieHellman({ privateKey, publicKey: ephemeral }))
      .digest();
    const decipher = createDecipheriv(
      'aes-256-gcm',
      key,
      bytes.subarray(PUBLIC_KEY_BYTES, PUBLIC_KEY_BYTES + NONCE_BYTES),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const sealed = bytes.subarray(PUBLIC_KEY_BYTES + NONCE_BYTES, bytes.length - TAG_BYTES);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
};

/**
 * A hook decrypting a route's `encrypted` body fields in place while encryption is on; it runs after validation,
 * so lengths are checked on what was sent. A field that does not decrypt is empty: 400 "… is required".
 */
export const decryptFields =
  (fields: readonly string[]): preHandlerAsyncHookHandler =>
  async (request) => {
    const key = await request.server.payloadKey();
    if (!key) return;
    const body = request.body as Record<string, unknown>;
    for (const field of fields) {
      const value = body[field];
      if (typeof value !== 'string') continue;
      body[field] = decryptPayload(key, value);
      if (body[field] === '') throw new DomainError(400, msg`${field} is required`);
    }
  };
