// The payload encryption of gzctf-api.md §1.8, with WebCrypto only (browsers in a secure context, Node ≥ 20):
// an ephemeral X25519 key agreement with the platform's key, SHA-256 of the shared secret as the AES-256-GCM key.
import { PennonError } from '../errors/pennon-error.ts';

const NONCE_BYTES = 12;

/** WebCrypto's CryptoKey, named without the DOM library (Node's types declare it elsewhere). */
export type PlatformKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** WebCrypto is missing outside secure contexts, and X25519 in older browsers: say so rather than send plain text. */
const unsupported = (cause?: unknown): PennonError =>
  new PennonError(
    'bad-request',
    'This platform encrypts passwords and flags, which needs WebCrypto with X25519 (a secure context)',
    { cause },
  );

/** Imports the platform's base64 X25519 public key (`ClientConfig.apiPublicKey`). */
export const importPlatformKey = async (base64: string): Promise<PlatformKey> => {
  if (!globalThis.crypto?.subtle) throw unsupported();
  try {
    return await crypto.subtle.importKey('raw', fromBase64(base64), { name: 'X25519' }, true, []);
  } catch (cause) {
    throw unsupported(cause);
  }
};

/** base64(ephemeral public key 32 B ‖ nonce 12 B ‖ AES-256-GCM ciphertext and 16 B tag) of `text`. */
export const encryptPayload = async (platformKey: PlatformKey, text: string): Promise<string> => {
  const { subtle } = crypto;
  const ephemeral = (await subtle.generateKey({ name: 'X25519' }, false, ['deriveBits'])) as {
    publicKey: PlatformKey;
    privateKey: PlatformKey;
  };
  const shared = await subtle.deriveBits({ name: 'X25519', public: platformKey }, ephemeral.privateKey, 256);
  const key = await subtle.importKey('raw', await subtle.digest('SHA-256', shared), 'AES-GCM', false, [
    'encrypt',
  ]);
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const sealed = await subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, new TextEncoder().encode(text));
  const ephemeralRaw = new Uint8Array(await subtle.exportKey('raw', ephemeral.publicKey));
  const out = new Uint8Array(ephemeralRaw.length + NONCE_BYTES + sealed.byteLength);
  out.set(ephemeralRaw);
  out.set(nonce, ephemeralRaw.length);
  out.set(new Uint8Array(sealed), ephemeralRaw.length + NONCE_BYTES);
  return toBase64(out);
};
