// Issue 28 §1: a mailed link carries a token that signs its reader in or sets a password, so its origin must never
// come from what the client wrote (Host, X-Forwarded-Host). Real server processes on their shipped defaults.
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMail, mailCount } from '../../server/test/support/outbox.ts';
import { rawRequest } from '../support/raw-http.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Admin-Pass-1234';
const refusal = {
  status: 400,
  title: "Mails with links need the platform's public address: an administrator must set PENNON_PUBLIC_URL",
};

/** A server whose sign-ups are confirmed by mail. */
const mailingServer = async (env: Record<string, string> = {}): Promise<RunningServer> => {
  const server = await startServer({ PENNON_ADMIN_PASSWORD: adminPassword, ...env });
  const admin = createNodeClient({ baseUrl: server.url });
  await admin.account.login({ userName: 'admin', password: adminPassword });
  await admin.admin.updateConfig({
    accountPolicy: {
      allowRegister: true,
      activeOnRegister: false,
      useCaptcha: false,
      emailConfirmationRequired: true,
      emailDomainList: '',
    },
  });
  return server;
};

const signUp = (server: RunningServer, name: string, headers: Record<string, string>) =>
  rawRequest(server.url, '/api/account/register', {
    method: 'POST',
    headers,
    body: { userName: name, email: `${name}@example.com`, password: 'Secret123' },
  });

describe('mailed links on the defaults (no PENNON_PUBLIC_URL, no trusted proxy)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await mailingServer();
  });
  afterAll(async () => server?.stop());

  it('refuses a sign-up and a recovery under a forged Host, mailing nothing and keeping no account', async () => {
    const forged = await signUp(server, 'victim', { host: 'evil.example' });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual(refusal);
    const recovery = await rawRequest(server.url, '/api/account/recovery', {
      method: 'POST',
      headers: { host: 'evil.example:443' },
      body: { email: 'admin@pennon.invalid' },
    });
    expect(JSON.parse(recovery.body)).toEqual(refusal);
    expect(mailCount(server.dataDir, 'victim@example.com')).toBe(0);
    // Nothing was half-written: the name is still free for the honest sign-up.
    const honest = await signUp(server, 'victim', {});
    expect(honest.status, honest.body).toBe(200);
    expect(lastMail(server.dataDir, 'victim@example.com').link.origin).toBe(server.url);
  });

  it('links to its own loopback origin, whatever X-Forwarded-Host says', async () => {
    const res = await signUp(server, 'walter', { 'x-forwarded-host': 'evil.example' });
    expect(res.status, res.body).toBe(200);
    expect(lastMail(server.dataDir, 'walter@example.com').link.origin).toBe(server.url);
  });
});

describe('mailed links behind a trusted proxy', () => {
  it('warns at start of a mail transport without PENNON_PUBLIC_URL, and refuses a forwarded host that is not loopback', async () => {
    // Nothing listens there: the refusal must come before any attempt to send.
    const server = await mailingServer({ PENNON_TRUST_PROXY: '1', PENNON_SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      expect(server.output()).toMatch(/PENNON_SMTP_URL is set without PENNON_PUBLIC_URL/);
      const res = await signUp(server, 'xena', { 'x-forwarded-host': 'evil.example' });
      expect(JSON.parse(res.body)).toEqual(refusal);
    } finally {
      await server.stop();
    }
  });

  it('links to PENNON_PUBLIC_URL only, whatever Host and X-Forwarded-Host say', async () => {
    const server = await mailingServer({
      PENNON_TRUST_PROXY: '1',
      PENNON_PUBLIC_URL: 'https://ctf.example.org',
    });
    try {
      const res = await signUp(server, 'yara', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      expect(res.status, res.body).toBe(200);
      expect(lastMail(server.dataDir, 'yara@example.com').link.origin).toBe('https://ctf.example.org');
    } finally {
      await server.stop();
    }
  });
});
