// Mail over SMTP (PENNON_SMTP_URL): a real SMTP server receives the platform's mail, with authentication, and the
// link in it works; an SMTP server that is down gives the user a clear error, not a 500.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigStore } from '../src/services/config-store.ts';
import { register } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { linkBody, readMail } from './support/outbox.ts';

interface Delivery {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

const startSmtp = async () => {
  const deliveries: Delivery[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        deliveries.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, deliveries };
};

describe.each(databaseKinds())('mail over SMTP on $name', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(kind, {
      PENNON_SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
      PENNON_MAIL_FROM: 'CTF <ctf@example.org>',
    });
    const config = new ConfigStore(t.connection.db, 'Default');
    const { accountPolicy } = await config.read();
    await config.update({
      accountPolicy: { ...accountPolicy, activeOnRegister: false, emailConfirmationRequired: true },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.server.close(() => resolve()));
  });

  it('delivers the confirmation mail, signed in to the SMTP server, with a link that activates the account', async () => {
    const res = await register(t.app, 'dora', 'dora@example.com');
    expect(res.json()).toMatchObject({ data: 'EmailConfirmationRequired', status: 200 });
    const delivery = smtp.deliveries.at(-1);
    expect(delivery).toMatchObject({ from: 'ctf@example.org', to: ['dora@example.com'], user: 'mailer' });
    const { link } = readMail(delivery?.raw ?? '');
    expect(link.pathname.toLowerCase()).toBe('/account/verify');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: linkBody(link),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('tells the user plainly when the SMTP server does not answer', async () => {
    const down = await startTestApp(kind, { PENNON_SMTP_URL: 'smtp://mailer:s3cret@127.0.0.1:1' });
    try {
      const config = new ConfigStore(down.connection.db, 'Default');
      const { accountPolicy } = await config.read();
      await config.update({
        accountPolicy: { ...accountPolicy, activeOnRegister: false, emailConfirmationRequired: true },
      });
      const res = await register(down.app, 'erin', 'erin@example.com');
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toMatch(/mail could not be sent/);
    } finally {
      await down.close();
    }
  });
});
