// Writing responses: plain text (errors, as the SDK shows the text), JSON, or empty.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const sendEmpty = (res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void => {
  res.writeHead(status, { ...headers, 'Content-Length': 0 }).end();
};

export const sendText = (res: ServerResponse, status: number, text: string): void => {
  res
    .writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    })
    .end(text);
};

export const sendJson = (res: ServerResponse, status: number, value: unknown): void => {
  const text = JSON.stringify(value);
  res
    .writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text),
    })
    .end(text);
};
