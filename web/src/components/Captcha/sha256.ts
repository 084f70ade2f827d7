// SHA-256 (FIPS 180-4) of messages that fit one block (≤ 55 bytes), in plain JavaScript: the proof of work
// hashes 16 bytes per try, and a synchronous hash runs hundreds of times faster there than crypto.subtle's
// promise per digest.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const H0 = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** The largest message that fits one block with its padding and length. */
export const SHORT_MESSAGE_MAX = 55;

type Words8 = [number, number, number, number, number, number, number, number];

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** The eight 32-bit words of the digest of `message` (at most 55 bytes). */
export const sha256Short = (message: Uint8Array): Uint32Array => {
  if (message.length > SHORT_MESSAGE_MAX) throw new RangeError('sha256Short hashes at most 55 bytes');
  const w = new Uint32Array(64);
  // The block: the message, a 1 bit, zeros, and the length in bits (big-endian) in the last word.
  const put = (index: number, byte: number) => {
    w[index >> 2] = (w[index >> 2] as number) | (byte << (24 - (index % 4) * 8));
  };
  for (const [i, byte] of message.entries()) put(i, byte);
  put(message.length, 0x80);
  w[15] = message.length * 8;
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15] as number;
    const b = w[i - 2] as number;
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
  }
  let [a, b, c, d, e, f, g, h] = H0 as unknown as Words8;
  for (let i = 0; i < 64; i++) {
    const t1 =
      (h +
        (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
        ((e & f) ^ (~e & g)) +
        (K[i] as number) +
        (w[i] as number)) |
      0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  const out = new Uint32Array(8);
  [a, b, c, d, e, f, g, h].forEach((value, i) => {
    out[i] = value + (H0[i] as number);
  });
  return out;
};

/** How many zero bits the digest starts with. */
export const leadingZeroBits = (digest: Uint32Array): number => {
  let bits = 0;
  for (const word of digest) {
    if (word !== 0) return bits + Math.clz32(word);
    bits += 32;
  }
  return bits;
};
