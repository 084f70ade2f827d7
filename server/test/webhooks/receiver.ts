// A webhook receiver on a loopback port: it keeps every request, answers each with the status `answer` picks, and
// resolves `received(n)` once n requests have come.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  requests: Received[];
  /** The status of the next answer (200 unless set). */
  answer: (request: Received) => number;
  received(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

export const startReceiver = async (
  handle?: (request: Received, res: http.ServerResponse) => boolean,
): Promise<Receiver> => {
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver: Receiver = {
    url: '',
    requests: [],
    answer: () => 200,
    received: (count) =>
      new Promise((resolve) => {
        const done = () => resolve(receiver.requests.slice(0, count));
        if (receiver.requests.length >= count) done();
        else waiters.push({ count, resolve: done });
      }),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    receiver.requests.push(request);
    for (const waiter of waiters.filter((w) => receiver.requests.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    if (handle?.(request, res)) return;
    res.writeHead(receiver.answer(request), { 'content-type': 'text/plain' }).end('thanks');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
};
