// Client-to-server binary WebSocket frames (RFC 6455 §5.2), masked with a fresh random key each
// (§5.3). The masking is done 32 bits at a time: without its optional native addon, `ws` masks byte by
// byte, which caps a tunnel's upload at a fraction of loopback speed.
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

const nextKey = (): Buffer => {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 4;
  return pool.subarray(poolOffset - 4, poolOffset);
};

/** XORs `data` with the 4-byte `key` in place; `data` must start on a 4-byte boundary. */
const maskInPlace = (data: Buffer, key: Buffer): void => {
  const words = data.length >>> 2;
  const view = new Uint32Array(data.buffer, data.byteOffset, words);
  const word = key.readUInt32LE(0);
  for (let i = 0; i < words; i++) view[i] = (view[i] as number) ^ word;
  for (let i = words << 2; i < data.length; i++) data[i] = (data[i] as number) ^ (key[i & 3] as number);
};

/**
 * The header and the masked payload of one final binary frame. The payload is masked in place when it
 * is aligned (it must not be used afterwards), else in a copy.
 */
export const maskedBinaryFrame = (payload: Buffer): [header: Buffer, body: Buffer] => {
  const length = payload.length;
  const size = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const header = Buffer.allocUnsafe(size + 4);
  header[0] = 0x82;
  if (length < 126) {
    header[1] = 0x80 | length;
  } else if (length < 65536) {
    header[1] = 0x80 | 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const key = nextKey();
  key.copy(header, size);
  let body = payload;
  if (payload.byteOffset % 4 !== 0) {
    body = Buffer.allocUnsafeSlow(length);
    payload.copy(body);
  }
  maskInPlace(body, key);
  return [header, body];
};
