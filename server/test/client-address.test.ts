import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../src/http/client-address.ts';

const request = (forwarded?: string | string[]) =>
  ({
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    socket: { remoteAddress: '10.0.0.2' },
  }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('is the socket peer unless the reverse proxy is trusted', () => {
    expect(clientAddress(request('203.0.113.7'), false)).toBe('10.0.0.2');
    expect(clientAddress(request(), true)).toBe('10.0.0.2');
  });

  it('is the first forwarded hop behind a trusted reverse proxy', () => {
    expect(clientAddress(request(' 203.0.113.7 , 10.0.0.1'), true)).toBe('203.0.113.7');
    expect(clientAddress(request(['198.51.100.9', '10.0.0.1']), true)).toBe('198.51.100.9');
  });
});
