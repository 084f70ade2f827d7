// Memory an attacker cannot take through WebSockets: a real server process, its resident memory (VmRSS) read before
// and after sockets try to make it hold 100 MiB each, on the hubs (anonymous) and through the platform proxy to a
// real container (podman). A socket sending messages over the limit is closed with 1009 (message too big) after
// sending little, one flooding a container that never reads is held back, the process gives the memory back once
// they are gone, and a normal client still connects.
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  engineSocket,
  ensureSinkImage,
  requireEngine,
  SERVICE_PORT,
} from '../../server/test/containers/engine.ts';
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

interface Sends {
  /** Each send a fragment of one message (`fin: false` but the last), or a message of its own. */
  fragments: boolean;
  binary: boolean;
}

/**
 * One socket sending `ATTEMPT` bytes in `chunk`-sized sends, each awaited (so what counts as sent left this
 * process), until the server closes it.
 */
const attack = (
  url: string,
  chunk: Buffer,
  { fragments, binary }: Sends,
  onSend: () => void,
): Promise<Attack> =>
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
        const ok = await new Promise<boolean>((done) => ws.send(chunk, { binary, fin }, (e) => done(!e)));
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
        attack(hubUrl, payload, { fragments, binary: false }, () => {
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

/** A progress of none of its bytes for this long, once it has pushed `FLOOD_MIN` out, ends a flood. */
const STALL_MS = 2_000;
const FLOOD_MIN = 2 * MiB;

/**
 * One socket sending `ATTEMPT` bytes in 1 MiB messages, each awaited, until its bytes stop getting out (the server
 * holds it back) or all are out; resolves with how much got out, the socket still open.
 */
const flood = (ws: WebSocket, onSend: () => void): Promise<number> =>
  new Promise((resolve) => {
    const chunk = Buffer.alloc(MiB, 'a');
    let sent = 0;
    let stall: NodeJS.Timeout | undefined;
    const next = () => {
      if (sent >= ATTEMPT || ws.readyState !== WebSocket.OPEN) return resolve(sent);
      clearTimeout(stall);
      if (sent >= FLOOD_MIN) stall = setTimeout(() => resolve(sent), STALL_MS);
      ws.send(chunk, { binary: true }, (error) => {
        if (error) return resolve(sent);
        sent += chunk.length;
        onSend();
        setImmediate(next);
      });
    };
    next();
  });

/** Opens the proxy to a container, again while its service is still starting (the proxy answers 418 then). */
const openProxy = async (url: string): Promise<WebSocket> => {
  for (let attempt = 0; ; attempt++) {
    const ws = new WebSocket(url);
    const opened = await new Promise<boolean>((resolve) => {
      ws.once('open', () => resolve(true));
      ws.once('unexpected-response', (_request, response) => {
        response.resume();
        resolve(false);
      });
      ws.once('error', () => resolve(false));
    });
    if (opened) return ws;
    if (attempt === 50) throw new Error(`the proxy to ${url} did not open`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('the platform proxy', () => {
  let server: RunningServer;
  let admin: ReturnType<typeof createNodeClient>;
  let proxyUrl = '';

  beforeAll(async () => {
    await requireEngine();
    const image = await ensureSinkImage();
    server = await startServer({
      PENNON_ADMIN_PASSWORD: adminPassword,
      PENNON_DOCKER_HOST: engineSocket,
      PENNON_PORT_MAPPING: 'PlatformProxy',
    });
    admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    const gameId = await createRunningGame(admin, 'Harbour Cup');
    const { id } = await admin.edit.createChallenge(gameId, {
      title: 'Stuck box',
      category: 'Pwn',
      type: 'DynamicContainer',
    });
    await admin.edit.updateChallenge(gameId, id, {
      containerImage: image,
      exposePort: SERVICE_PORT,
      isEnabled: true,
    });
    const player = createNodeClient({ baseUrl: server.url });
    await player.account.register({
      userName: 'skipper',
      email: 'skipper@example.com',
      password: 'Harbour2024x',
    });
    const team = await player.team.create({ name: 'Gulls' });
    await player.game.join(gameId, { teamId: team.id });
    const { entry } = await player.game.createContainer(gameId, id);
    proxyUrl = `${server.url.replace(/^http/, 'ws')}/api/proxy/${entry}`;
    // A first connection once the service listens, so the baseline has the proxy's code loaded.
    (await openProxy(proxyUrl)).close();
  }, 120_000);

  afterAll(async () => {
    // The engine outlives the server: no container of the test's is left running.
    for (const container of (await admin?.admin.instances().catch(() => undefined))?.data ?? []) {
      await admin.admin.deleteInstance(container.containerGuid).catch(() => undefined);
    }
    await server?.stop();
  });

  it('closes messages over 1 MiB with 1009 and gives the memory back', async () => {
    const baseline = rssMiB(server.pid);
    let peak = baseline;
    const payload = Buffer.alloc(2 * MiB, 'a');
    const attacks = await Promise.all(
      Array.from({ length: SOCKETS }, () =>
        attack(proxyUrl, payload, { fragments: false, binary: true }, () => {
          peak = Math.max(peak, rssMiB(server.pid));
        }),
      ),
    );
    const settled = await settledRssMiB(server.pid, baseline + SETTLED_MIB);
    const sent = Math.max(...attacks.map((a) => a.sent)) / MiB;
    const ms = Math.max(...attacks.map((a) => a.ms));
    console.log(
      `proxy, ${SOCKETS} sockets × ${ATTEMPT / MiB} MiB (2 MiB messages): closed with ` +
        `${[...new Set(attacks.map((a) => a.code))].join(', ')} after ≤ ${sent.toFixed(2)} MiB sent, ≤ ${ms} ms; ` +
        `RSS ${baseline.toFixed(0)} MiB before, peak ${peak.toFixed(0)}, ${settled.toFixed(0)} after`,
    );
    for (const { code, reason } of attacks)
      expect({ code, reason }).toEqual({ code: 1009, reason: 'The message is too large' });
    expect(sent).toBeLessThan(16);
    expect(settled - baseline).toBeLessThan(SETTLED_MIB);
    (await openProxy(proxyUrl)).close();
  });

  it('holds back a flood toward a container that does not read', async () => {
    const baseline = rssMiB(server.pid);
    let peak = baseline;
    const sample = () => {
      peak = Math.max(peak, rssMiB(server.pid));
    };
    const sockets = await Promise.all(Array.from({ length: SOCKETS }, () => openProxy(proxyUrl)));
    const started = Date.now();
    const out = await Promise.all(sockets.map((ws) => flood(ws, sample)));
    sample();
    const ms = Date.now() - started;
    const closed = sockets.map((ws) => new Promise((resolve) => ws.once('close', resolve)));
    for (const ws of sockets) ws.terminate();
    await Promise.all(closed);
    const settled = await settledRssMiB(server.pid, baseline + SETTLED_MIB);
    console.log(
      `proxy flood, ${SOCKETS} sockets × 1 MiB messages to a container that never reads: ` +
        `${(Math.min(...out) / MiB).toFixed(0)}–${(Math.max(...out) / MiB).toFixed(0)} MiB out each before held ` +
        `back (${ms} ms); RSS ${baseline.toFixed(0)} MiB before, peak ${peak.toFixed(0)}, ${settled.toFixed(0)} after`,
    );
    expect(peak - baseline).toBeLessThan(2 * SETTLED_MIB);
    expect(settled - baseline).toBeLessThan(SETTLED_MIB);
    (await openProxy(proxyUrl)).close();
  });
});
