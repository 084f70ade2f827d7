import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, searchAnswer } from './hashPow.ts';
import { leadingZeroBits, sha256Short } from './sha256.ts';

const words = (digest: Buffer) => Uint32Array.from({ length: 8 }, (_, i) => digest.readUInt32BE(i * 4));

describe('sha256Short', () => {
  it('matches SHA-256 for every length up to one block', () => {
    for (let length = 0; length <= 55; length++) {
      const message = randomBytes(length);
      expect(sha256Short(message)).toEqual(words(createHash('sha256').update(message).digest()));
    }
  });

  it('refuses messages longer than one block', () => {
    expect(() => sha256Short(new Uint8Array(56))).toThrow(RangeError);
  });

  it('counts leading zero bits across words', () => {
    expect(leadingZeroBits(Uint32Array.of(0, 0x0000ffff, 1, 0, 0, 0, 0, 0))).toBe(48);
    expect(leadingZeroBits(Uint32Array.of(0x80000000, 0, 0, 0, 0, 0, 0, 0))).toBe(0);
  });
});

describe('HashPow search', () => {
  it('finds an answer the server would take: SHA-256(challenge ‖ answer) has enough zero bits', () => {
    const challenge = randomBytes(8).toString('hex');
    const answer = searchAnswer(hexToBytes(challenge), Uint8Array.of(1, 2, 3, 4), 12, 0, 1 << 20);
    expect(answer).toMatch(/^01020304[0-9a-f]{8}$/);
    const digest = createHash('sha256')
      .update(Buffer.from(challenge, 'hex'))
      .update(Buffer.from(answer as string, 'hex'))
      .digest();
    expect(leadingZeroBits(words(digest))).toBeGreaterThanOrEqual(12);
  });

  it('answers null when no counter in the range solves it', () => {
    expect(searchAnswer(hexToBytes('00'.repeat(8)), new Uint8Array(4), 48, 0, 16)).toBeNull();
  });

  it('round-trips hex', () => {
    expect(bytesToHex(hexToBytes('00ff10a5'))).toBe('00ff10a5');
  });
});
