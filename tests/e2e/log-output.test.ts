// `npm start`'s log (issue #49, point 5): a person at a terminal reads short lines (time, level, message, one line
// a request); a pipe, or PENNON_LOG_FORMAT=json, gets JSON lines for machines.
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/server.ts';

const prettyRequest = /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/game\/987654 404 \d+ ms$/;

/**
 * The server's output lines, colours taken out, once it has logged a request for a missing game in `count` lines
 * (those naming its path or its request id).
 */
const logRequest = async (server: RunningServer, count: number) => {
  const res = await fetch(`${server.url}/api/game/987654`);
  expect(res.status).toBe(404);
  const id = res.headers.get('x-request-id') ?? 'none';
  const lines = () =>
    stripVTControlCharacters(server.output())
      .split(/\r?\n/)
      .filter((line) => line.trim());
  const request = () => lines().filter((line) => line.includes('987654') || line.includes(id));
  await expect.poll(() => request().length).toBe(count);
  return { lines: lines(), request: request() };
};

const isJson = (line: string) => {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
};

describe('the server log', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('reads as short lines on a terminal, a request in one line', async () => {
    server = await startServer({}, { terminal: true });
    const { lines, request } = await logRequest(server, 1);
    expect(request).toEqual([expect.stringMatching(prettyRequest)]);
    expect(lines).toContainEqual(expect.stringMatching(/^\[[\d:.]+\] INFO: Pennon is ready/));
    expect(lines.filter(isJson)).toEqual([]);
  });

  it('is JSON lines through a pipe', async () => {
    server = await startServer();
    const { lines, request } = await logRequest(server, 2);
    expect(request.map((line) => JSON.parse(line).msg)).toEqual(['incoming request', 'request completed']);
    expect(lines).toContainEqual(expect.stringMatching(/^\{.*"msg":"Pennon is ready"/));
    expect(lines.filter((line) => line.startsWith('['))).toEqual([]);
  });

  it('is JSON lines on a terminal when PENNON_LOG_FORMAT=json asks', async () => {
    server = await startServer({ PENNON_LOG_FORMAT: 'json' }, { terminal: true });
    const { lines, request } = await logRequest(server, 2);
    expect(request.every(isJson)).toBe(true);
    expect(lines.filter((line) => line.startsWith('['))).toEqual([]);
  });
});
