// The hand-written client frames must parse as RFC 6455 frames whose unmasked payload is the input.
import { describe, expect, it } from 'vitest';
import { maskedBinaryFrame } from '../src/frame.ts';

const parse = (frame: Buffer) => {
  const masked = ((frame[1] as number) & 0x80) !== 0;
  let length = (frame[1] as number) & 0x7f;
  let offset = 2;
  if (length === 126) {
    length = frame.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    length = Number(frame.readBigUInt64BE(2));
    offset = 10;
  }
  const key = frame.subarray(offset, offset + 4);
  const payload = Buffer.from(frame.subarray(offset + 4));
  for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (key[i & 3] as number);
  return {
    fin: ((frame[0] as number) & 0x80) !== 0,
    opcode: (frame[0] as number) & 0x0f,
    masked,
    length,
    payload,
  };
};

describe('maskedBinaryFrame', () => {
  it.each([0, 1, 3, 125, 126, 127, 65_535, 65_536, 200_001])(
    'round-trips %i bytes, aligned or not',
    (size) => {
      for (const shift of [0, 1, 2, 3]) {
        const backing = Buffer.alloc(size + 8);
        for (let i = 0; i < backing.length; i++) backing[i] = (i * 31 + 7) & 0xff;
        const input = backing.subarray(shift, shift + size);
        const expected = Buffer.from(input);
        const [header, body] = maskedBinaryFrame(input);
        const frame = parse(Buffer.concat([header, body]));
        expect(frame).toMatchObject({ fin: true, opcode: 2, masked: true, length: size });
        expect(frame.payload.equals(expected)).toBe(true);
      }
    },
  );

  it('uses a fresh key for each frame', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 50; i++)
      keys.add(maskedBinaryFrame(Buffer.alloc(8))[0].subarray(2, 6).toString('hex'));
    expect(keys.size).toBeGreaterThan(45);
  });
});
