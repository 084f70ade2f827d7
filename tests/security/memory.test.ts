// Memory an attacker cannot take through WebSockets: a real server process, its resident memory (VmRSS) read before
// and after anonymous sockets try to make it hold 100 MiB each. Every socket is closed with 1009 (message too big)
// after sending little, the process gives the memory back once they are gone, and a normal client still connects.
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRunningGame } from '../support/games.ts';
import { openHub } from '../support/hub-socket.ts';
import { rssMiB, settledRssMiB } from '../support/memory.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';
const MiB = 1024 * 1024;
const SOCKETS = 10;
/** What each socket tries to send. */
const ATTEMPT = 100 * MiB;
/** Growth of the server's resident memory over its baseline allowed once the sockets are closed. */
const SETTLED_MIB = 64;

interface Attack {
  code: number;
  reason: string;
  /** Bytes the socket got out before it learned it was closed. */
  sent: number;
  ms: number;
}

/**
 * One anonymous socket on the user hub sending `ATTEMPT` bytes in `chunk`-sized sends, each awaited (so what counts
 * as sent left this process), until the server closes it; `fin: false` makes the chunks fragments of one message.
 */
const attack = (url: string, chunk: Buffer, fragments: boolean, onSend: () => void): Promise<Attack> =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    const ws = new WebSocket(url);
    let sent = 0;
    ws.once('error', () => {});
    ws.once('close', (code, reason) =>
      resolve({ code, reason: reason.toString(), sent, ms: Date.now() - started }),
    );
    ws.once('open', async () => {
      while (sent < ATTEMPT && ws.readyState === WebSocket.OPEN) {
        const fin = !fragments || sent + chunk.length >= ATTEMPT;
        const ok = await new Promise<boolean>((done) =>
          ws.send(chunk, { binary: false, fin }, (e) => done(!e)),
        );
        if (!ok) break;
        sent += chunk.length;
        onSend();
        // A turn of the event loop, so the server's close frame is read between sends.
        await new Promise(setImmediate);
      }
      if (sent >= ATTEMPT) reject(new Error(`the server took all ${ATTEMPT} bytes`));
    });
  });

describe('hub WebSockets', () => {
  let server: RunningServer;
  let hubUrl = '';
  let gameId = 0;

  beforeAll(async () => {
    server = await startServer({ PENNON_ADMIN_PASSWORD: adminPassword });
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await createRunningGame(admin, 'Harbour Cup');
    hubUrl = `${server.url.replace(/^http/, 'ws')}/hub/user?game=${gameId}`;
    // A normal client first, so the baseline has the hubs' code loaded.
    (await openHub(server.url, 'user', gameId)).close();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    // One 100 MiB message in 1 MiB frames: without a limit, each socket's fragments pile up to the whole message.
    { name: 'one message in 1 MiB fragments', chunk: MiB, fragments: true },
    // 16 KiB messages, each allowed, that never end a SignalR record: the unfinished record is what piles up.
    { name: 'a record split over 16 KiB messages', chunk: 16 * 1024, fragments: false },
  ])('closes $name with 1009 and gives the memory back', async ({ chunk, fragments }) => {
    const baseline = rssMiB(server.pid);
    let peak = baseline;
    const payload = Buffer.alloc(chunk, 'a');
    const attacks = await Promise.all(
      Array.from({ length: SOCKETS }, () =>
        attack(hubUrl, payload, fragments, () => {
          peak = Math.max(peak, rssMiB(server.pid));
        }),
      ),
    );
    const settled = await settledRssMiB(server.pid, baseline + SETTLED_MIB);
    const sent = Math.max(...attacks.map((a) => a.sent)) / MiB;
    const ms = Math.max(...attacks.map((a) => a.ms));
    console.log(
      `hub, ${SOCKETS} sockets × ${ATTEMPT / MiB} MiB (${chunk / 1024} KiB sends): closed with ` +
        `${[...new Set(attacks.map((a) => a.code))].join(', ')} after ≤ ${sent.toFixed(2)} MiB sent, ≤ ${ms} ms; ` +
        `RSS ${baseline.toFixed(0)} MiB before, peak ${peak.toFixed(0)}, ${settled.toFixed(0)} after`,
    );
    for (const { code, reason } of attacks)
      expect({ code, reason }).toEqual({ code: 1009, reason: 'The message is too large' });
    // A socket learns of the close after a few sends at most, nowhere near the 100 MiB it meant to send.
    expect(sent).toBeLessThan(16);
    expect(settled - baseline).toBeLessThan(SETTLED_MIB);
    // The handshake of a normal client is answered.
    const normal = await openHub(server.url, 'user', gameId);
    normal.close();
    await normal.closed;
  });
});
