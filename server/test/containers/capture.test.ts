// PlatformProxy with traffic capture (§4.16) and admin test containers (§2.5): a player goes through our wsrx
// daemon → /api/proxy/{guid} → the container and back; the recording is archived as a .pcap.gz that tshark reads
// and that holds the bytes sent; the monitor endpoints list, download and delete it. The admin's test container
// carries the test flag and is reachable through /api/proxy/noinst/{guid}.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { WsrxControl } from '@pennon/sdk/wsrx/control';
import { type RunningDaemon, startDaemon } from '@pennon/wsrx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { gameBody, gameClient, type Player, signInAdmin } from '../games/helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { converse, engineSocket, ensureServiceImage, requireEngine, SERVICE_PORT } from './engine.ts';

const ORIGIN = 'https://ctf.example.com';
const sqlite = databaseKinds()[0];
if (!sqlite) throw new Error('no database kind');
const tshark = ['/usr/bin/tshark', '/usr/local/bin/tshark'].find((file) => existsSync(file));

/** The first line a WebSocket to the proxy receives, after sending nothing. */
const firstLine = (url: string) =>
  new Promise<string>((resolve, reject) => {
    const ws = new WebSocket(url);
    let text = '';
    ws.on('message', (data: Buffer) => {
      text += data.toString();
      if (text.includes('\n')) {
        ws.close();
        resolve(text.split('\n')[0] ?? '');
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('error', reject);
  });

describe('PlatformProxy: capture and test containers', () => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let ann: Player;
  let base: string;
  let daemon: RunningDaemon;
  let gameId: number;
  let boxId: number;
  let teamId: number;

  beforeAll(async () => {
    await requireEngine();
    const image = await ensureServiceImage();
    t = await startTestApp(sqlite, {
      PENNON_DOCKER_HOST: engineSocket,
      PENNON_PORT_MAPPING: 'PlatformProxy',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    daemon = await startDaemon({
      port: 0,
      stateDir: mkdtempSync(path.join(os.tmpdir(), 'pennon-wsrx-capture-')),
      probeIntervalMs: 60_000,
      quiet: true,
    });
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    ann = await c.signUp('ann');
    teamId = await c.createTeam(ann, 'alpha');
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const challenges = `/api/edit/games/${gameId}/challenges`;
    boxId = (
      await c.ok(admin, 'POST', challenges, { title: 'Echo box', type: 'DynamicContainer', category: 'Pwn' })
    ).id;
    await c.ok(admin, 'PUT', `${challenges}/${boxId}`, {
      flagTemplate: 'flag{[TEAM_HASH]}',
      containerImage: image,
      exposePort: SERVICE_PORT,
      enableTrafficCapture: true,
      isEnabled: true,
    });
    await c.ok(ann.token, 'POST', `/api/game/${gameId}`, { teamId });
  });
  afterAll(async () => {
    await daemon?.close();
    if (!t) return;
    const rows = await t.connection.db.selectFrom('containers').select('id').execute();
    await Promise.all(rows.map((row) => t.app.containers.stop(row.id)));
    await t.close();
  });

  it('starts a test container with the test flag, shown on the edit page and reachable via noinst', async () => {
    const url = `/api/edit/games/${gameId}/challenges/${boxId}/container`;
    const info = await c.ok(admin, 'POST', url);
    expect(info.entry).toMatch(/^[0-9a-f-]{36}$/);
    const detail = await c.ok(admin, 'GET', `/api/edit/games/${gameId}/challenges/${boxId}`);
    expect(detail.testContainer).toEqual(info);
    const record = await t.app.containers.get(info.entry);
    expect(record).toMatchObject({ instance_id: null, challenge_id: boxId, traffic_capture: 0 });

    let line = '';
    for (let attempt = 0; attempt < 100 && !line.startsWith('flag'); attempt++) {
      line = await firstLine(`ws://${base}/api/proxy/noinst/${info.entry}`).catch(() => '');
      if (!line) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(line).toBe('flag{TestTeamHash}');

    expect((await c.call(admin, 'DELETE', url)).statusCode).toBe(200);
    expect(await t.app.containers.get(info.entry)).toBeUndefined();
    expect(
      (await c.ok(admin, 'GET', `/api/edit/games/${gameId}/challenges/${boxId}`)).testContainer,
    ).toBeNull();
    // None left: still 200.
    expect((await c.call(admin, 'DELETE', url)).statusCode).toBe(200);
  });

  it('records a player session through wsrx → proxy → container into a pcap that tshark reads', async () => {
    const res = await c.call(ann.token, 'POST', `/api/game/${gameId}/container/${boxId}`);
    expect(res.statusCode, res.body).toBe(200);
    const guid = res.json().entry as string;
    expect(guid).toMatch(/^[0-9a-f-]{36}$/);

    await new WsrxControl({ url: daemon.url, token: daemon.controlToken }).allow(ORIGIN);
    const pool = await fetch(`${daemon.url}/pool`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ remote: `ws://${base}/api/proxy/${guid}`, local: '127.0.0.1:0' }),
    });
    expect(pool.status).toBe(200);
    const local = Number(((await pool.json()) as { local: string }).local.split(':').at(-1));

    const { flag, echo } = await converse('127.0.0.1', local, 'hello-capture');
    const instance = await t.connection.db
      .selectFrom('game_instances')
      .select(['flag', 'participation_id'])
      .where('challenge_id', '=', boxId)
      .executeTakeFirstOrThrow();
    expect(flag).toBe(instance.flag);
    expect(echo).toBe('echo:hello-capture');
    const deadline = Date.now() + 5_000;
    while (t.app.containerProxy.connections(guid) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Destroying the container archives its recorder (as 30 s of idleness would).
    await t.app.containers.stop(guid);
    await t.app.captures.flush();

    const pid = instance.participation_id;
    const challenges = await c.ok(admin, 'GET', `/api/game/games/${gameId}/captures`);
    expect(challenges).toEqual([
      { id: boxId, title: 'Echo box', category: 'Pwn', type: 'DynamicContainer', isEnabled: true, count: 1 },
    ]);
    const teams = await c.ok(admin, 'GET', `/api/game/captures/${boxId}`);
    expect(teams).toEqual([{ id: pid, teamId, name: 'alpha', division: null, avatar: null, count: 1 }]);
    const files = await c.ok(admin, 'GET', `/api/game/captures/${boxId}/${pid}`);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file.fileName).toMatch(
      new RegExp(`^${guid.replace(/-/g, '').slice(0, 12)}-[0-9A-V]{13}\\.pcap\\.gz$`),
    );
    expect(file.size).toBeGreaterThan(0);
    expect((await c.call(ann.token, 'GET', `/api/game/captures/${boxId}/${pid}`)).statusCode).toBe(403);

    const download = await c.call(admin, 'GET', `/api/game/captures/${boxId}/${pid}/${file.fileName}`);
    expect(download.statusCode).toBe(200);
    const pcap = gunzipSync(download.rawPayload);
    expect(pcap.readUInt32LE(0)).toBe(0xa1b2c3d4);
    expect(pcap.readUInt32LE(20)).toBe(1);
    expect(pcap.includes(Buffer.from('hello-capture\n'))).toBe(true);
    expect(pcap.includes(Buffer.from(`"flag": "${instance.flag}"`))).toBe(true);

    if (!tshark) {
      console.warn('tshark is not installed (apt-get install tshark): the pcap is not read back with tshark');
    } else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-capture-'));
      const saved = path.join(dir, file.fileName);
      writeFileSync(saved, download.rawPayload);
      const out = execFileSync(
        tshark,
        [
          '-r',
          saved,
          '-T',
          'fields',
          '-e',
          'ipv6.src',
          '-e',
          'udp.srcport',
          '-e',
          'udp.dstport',
          '-e',
          'data.data',
        ],
        { encoding: 'utf8' },
      );
      const rows = out
        .trim()
        .split('\n')
        .map((row) => row.split('\t'));
      const payloads = rows.map((row) => Buffer.from((row[3] ?? '').replace(/:/g, ''), 'hex').toString());
      // Metadata from [::]:65535, then the flag (container → client), the line (client → container), the echo.
      expect(rows[0]?.slice(0, 3)).toEqual(['::', '65535', '10001']);
      expect(JSON.parse(payloads[0] ?? '')).toMatchObject({
        challengeId: boxId,
        team: 'alpha',
        containerId: guid,
      });
      expect(rows[1]?.[1]).toBe(String(SERVICE_PORT));
      expect(rows[1]?.[2]).toBe('10001');
      expect(payloads.join('')).toContain(`${instance.flag}\nhello-capture\necho:hello-capture\n`);
      expect(rows.some((row) => row[0] === '::ffff:127.0.0.1' && row[2] === String(SERVICE_PORT))).toBe(true);
    }

    const tarball = await c.call(admin, 'GET', `/api/game/captures/${boxId}/${pid}/all`);
    expect(tarball.statusCode).toBe(200);
    expect(tarball.headers['content-type']).toMatch(/application\/gzip/);
    expect(tarball.headers['content-disposition']).toMatch(new RegExp(`Capture-${boxId}-${pid}-\\d{8}-`));
    const tar = gunzipSync(tarball.rawPayload);
    expect(tar.subarray(0, 100).toString().replace(/\0+$/, '')).toBe(file.fileName);
    expect(tar.subarray(257, 262).toString()).toBe('ustar');

    // Names are validated: nothing outside the folder can be reached.
    for (const name of [
      '..%2F..%2F..%2Fpennon.db',
      '..%5C..%5Cx.pcap.gz',
      '000000000000-..%2Fx.pcap.gz',
      'x.pcap.gz',
    ]) {
      const res = await c.call(admin, 'GET', `/api/game/captures/${boxId}/${pid}/${name}`);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(404);
      expect(res.json()).toMatchObject({ status: 400 });
      expect((await c.call(admin, 'DELETE', `/api/game/captures/${boxId}/${pid}/${name}`)).statusCode).toBe(
        404,
      );
    }
    expect(
      (await c.call(admin, 'DELETE', `/api/game/captures/${boxId}/${pid}/${file.fileName}`)).statusCode,
    ).toBe(200);
    expect(await c.ok(admin, 'GET', `/api/game/captures/${boxId}/${pid}`)).toEqual([]);
    expect((await c.call(admin, 'DELETE', `/api/game/captures/${boxId}/${pid}/all`)).statusCode).toBe(200);
    expect((await c.call(admin, 'GET', `/api/game/captures/${boxId}`)).statusCode).toBe(404);
  });
});
