// The far end for the throughput bench, run as its own process: the same byte-stream service on a plain
// TCP port (the "direct" baseline) and behind a WebSocket endpoint (what the tunnel reaches).
// Protocol on the stream: 'e' = echo everything; 'u' + uint64 n = read n bytes, then answer one byte;
// 'd' + uint64 n = send n bytes.
import { createHash } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Socket } from 'node:net';

interface Stream {
  send(data: Buffer, done?: () => void): boolean;
  onDrain(resume: () => void): void;
}

const CHUNK = Buffer.alloc(256 * 1024, 0x5a);

const serve = (stream: Stream) => {
  let header = Buffer.alloc(0);
  let mode: 'e' | 'u' | 'd' | undefined;
  let remaining = 0;
  const source = (count: number) => {
    let left = count;
    const pump = () => {
      while (left > 0) {
        const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
        left -= chunk.length;
        if (!stream.send(chunk)) {
          stream.onDrain(pump);
          return;
        }
      }
    };
    pump();
  };
  return (data: Buffer) => {
    if (mode === 'e') return void stream.send(data);
    if (mode === 'u') {
      remaining -= data.length;
      if (remaining === 0) stream.send(Buffer.from('k'));
      return;
    }
    header = Buffer.concat([header, data]);
    if (header[0] === 0x65) {
      mode = 'e';
      if (header.length > 1) stream.send(header.subarray(1));
      return;
    }
    if (header.length < 9) return;
    const count = Number(header.readBigUInt64BE(1));
    const rest = header.subarray(9);
    if (header[0] === 0x75) {
      mode = 'u';
      remaining = count - rest.length;
      if (remaining === 0) stream.send(Buffer.from('k'));
    } else {
      mode = 'd';
      source(count);
    }
  };
};

const tcp = createServer((socket) => {
  socket.setNoDelay(true);
  const onData = serve({
    send: (data) => socket.write(data),
    onDrain: (resume) => socket.once('drain', resume),
  });
  socket.on('data', onData);
  socket.on('error', () => {});
});

// A lean WebSocket endpoint (RFC 6455 framing by hand, word-wise unmasking) standing in for the platform,
// so the far end's own cost does not hide the daemon's: the platform's proxy is native code.
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

const unmask = (payload: Buffer, key: Buffer): Buffer => {
  const out = Buffer.from(new Uint8Array(payload.length));
  payload.copy(out);
  const words = Math.floor(payload.length / 4);
  const view = new Uint32Array(out.buffer, out.byteOffset, words);
  const word = key.readUInt32LE(0);
  for (let i = 0; i < words; i++) view[i] = (view[i] as number) ^ word;
  for (let i = words * 4; i < payload.length; i++) out[i] = (out[i] as number) ^ (key[i & 3] as number);
  return out;
};

const frameHeader = (opcode: number, length: number): Buffer => {
  if (length < 126) return Buffer.from([0x80 | opcode, length]);
  if (length < 65536) {
    const header = Buffer.from([0x80 | opcode, 126, 0, 0]);
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.alloc(10);
  header[0] = 0x80 | opcode;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
};

const http = createHttpServer((_req, res) => res.writeHead(204).end());
http.on('upgrade', (req, socket: Socket, head: Buffer) => {
  const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}${WS_GUID}`).digest('base64');
  socket.setNoDelay(true);
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  const sendFrame = (opcode: number, payload: Buffer) => {
    socket.write(frameHeader(opcode, payload.length));
    return socket.write(payload);
  };
  const onData = serve({
    send: (data) => sendFrame(2, data),
    onDrain: (resume) => socket.once('drain', resume),
  });
  let buffer = head;
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (;;) {
      if (buffer.length < 2) return;
      const opcode = (buffer[0] as number) & 0x0f;
      const masked = ((buffer[1] as number) & 0x80) !== 0;
      let length = (buffer[1] as number) & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      const key = masked ? buffer.subarray(offset, offset + 4) : undefined;
      if (masked) offset += 4;
      if (buffer.length < offset + length) return;
      const raw = buffer.subarray(offset, offset + length);
      const payload = key ? unmask(raw, key) : raw;
      buffer = buffer.subarray(offset + length);
      if (opcode === 8) {
        sendFrame(8, Buffer.alloc(0));
        socket.end();
        return;
      }
      if (opcode === 9) sendFrame(10, payload);
      else if (opcode === 0 || opcode === 1 || opcode === 2) onData(payload);
    }
  });
  socket.on('error', () => {});
});

await Promise.all([
  new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve)),
  new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve)),
]);
process.stdout.write(
  `${JSON.stringify({ tcp: (tcp.address() as AddressInfo).port, ws: (http.address() as AddressInfo).port })}\n`,
);
