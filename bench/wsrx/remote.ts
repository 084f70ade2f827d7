// The far end for the throughput bench, run as its own process: the same byte-stream service on a plain
// TCP port (the "direct" baseline) and behind a WebSocket endpoint (what the tunnel reaches).
// Protocol on the stream: 'e' = echo everything; 'u' + uint64 n = read n bytes, then answer one byte;
// 'd' + uint64 n = send n bytes.
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { WebSocketServer } from 'ws';

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

// The WebSocket endpoint standing in for the platform's proxy: a plain `ws` server. With `bufferutil`
// installed (a dependency of wsrx), `ws` unmasks natively, so the far end's own cost stays well below
// the daemon's, as with the platform's proxy, which is native code.
// Flow control like the TCP side's `socket.write`: stop past 16 KiB queued, go on once all is written.
const WS_HIGH_WATER = 16 * 1024;

const http = createHttpServer((_req, res) => res.writeHead(204).end());
const wss = new WebSocketServer({ server: http, perMessageDeflate: false, maxPayload: 64 * 1024 * 1024 });
wss.on('connection', (ws) => {
  // `ws` has no 'drain' event: the send callback runs once a message has been written to the socket.
  let waiting: (() => void) | undefined;
  const afterSend = () => {
    if (waiting && ws.bufferedAmount === 0) {
      const resume = waiting;
      waiting = undefined;
      resume();
    }
  };
  const onData = serve({
    send: (data) => {
      ws.send(data, { binary: true }, afterSend);
      return ws.bufferedAmount <= WS_HIGH_WATER;
    },
    onDrain: (resume) => {
      waiting = resume;
    },
  });
  ws.on('message', (data: Buffer) => onData(data));
  ws.on('error', () => {});
});

await Promise.all([
  new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve)),
  new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve)),
]);
process.stdout.write(
  `${JSON.stringify({ tcp: (tcp.address() as AddressInfo).port, ws: (http.address() as AddressInfo).port })}\n`,
);
