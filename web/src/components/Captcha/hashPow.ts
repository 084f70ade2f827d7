// The HashPow proof of work (gzctf-api §4.13): find 8 answer bytes such that SHA-256(challenge ‖ answer)
// starts with `difficulty` zero bits. An answer is 4 random bytes and a 4-byte big-endian counter, sent as
// `"{id}:{16 hex}"`.
import { leadingZeroBits, sha256Short } from './sha256.ts';

export const hexToBytes = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

export const bytesToHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Tries the counters `from` to `from + count - 1` after the 4-byte `prefix`; answers the first 8-byte
 * answer (as hex) that solves the challenge, or null.
 */
export const searchAnswer = (
  challenge: Uint8Array,
  prefix: Uint8Array,
  difficulty: number,
  from: number,
  count: number,
): string | null => {
  const message = new Uint8Array(16);
  message.set(challenge);
  message.set(prefix, 8);
  const counter = new DataView(message.buffer, 12, 4);
  for (let n = from; n < from + count; n++) {
    counter.setUint32(0, n);
    if (leadingZeroBits(sha256Short(message)) >= difficulty) return bytesToHex(message.subarray(8));
  }
  return null;
};

/** How likely a search has found an answer after `tries`: the progress shown while it runs. */
export const powProgress = (tries: number, difficulty: number): number =>
  1 - Math.exp(-tries / 2 ** difficulty);
