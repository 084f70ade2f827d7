// Issue 43 §4: limits that hold when requests arrive together. Team creation takes its turn (one at a time per
// process) only once the body is read, and gives it back whatever happens to the client; a team joining a game all at
// once registers no more members than the game's limit, and a team starting containers all at once (on the real
// engine) runs no more than the game's limit. On SQLite and PostgreSQL.
import net from 'node:net';
import type { PennonClient } from '@pennon/sdk';
import { CookieJar, createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineSocket,
  ensureServiceImage,
  requireEngine,
  SERVICE_PORT,
} from '../../server/test/containers/engine.ts';
import { databaseKinds, type TestDatabase } from '../../server/test/support/databases.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';
const password = 'Secret123';

/** A team-creation request written by hand on a socket of its own, so that its body can be held back. */
const creationRequest = (cookie: string, name: string) => {
  const body = JSON.stringify({ name });
  return {
    head: `POST /api/team HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    body,
  };
};

/** A socket to the server, and the status line of the first answer on it. */
const socketTo = (url: string) => {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => {});
  const answered = new Promise<number>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (status) resolve(Number(status[1]));
    });
  });
  return { socket, answered };
};

describe.each(databaseKinds())('limits under concurrency on $name', (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let admin: PennonClient;
  let users = 0;

  beforeAll(async () => {
    await requireEngine();
    database = await kind.create();
    server = await startServer({
      PENNON_ADMIN_PASSWORD: adminPassword,
      PENNON_DATABASE_URL: database.url,
      PENNON_DOCKER_HOST: engineSocket,
      PENNON_CONTAINER_BIND_HOST: '127.0.0.1',
    });
    admin = createNodeClient({ baseUrl: server.url, retry: 0 });
    await admin.account.login({ userName: 'admin', password: adminPassword });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** A new signed-in player and its cookie. */
  const player = async () => {
    const userName = `sailor${++users}`;
    const jar = new CookieJar();
    const client = createNodeClient({ baseUrl: server.url, retry: 0, cookieJar: jar });
    await client.account.register({ userName, email: `${userName}@example.com`, password });
    await client.account.login({ userName, password });
    return { client, cookie: await jar.getCookieString(server.url) };
  };

  it('creates teams while another creation’s body is still on its way', async () => {
    const [slow, quick] = [await player(), await player()];
    const { head, body } = creationRequest(slow.cookie, 'Slow Sails');
    const held = socketTo(server.url);
    held.socket.write(head + body.slice(0, 4));
    // Any answer after the head was sent: the server has read it by then.
    await quick.client.info.config();
    expect((await quick.client.team.create({ name: 'Quick Sails' })).name).toBe('Quick Sails');
    held.socket.write(body.slice(4));
    expect(await held.answered).toBe(200);
    held.socket.destroy();
  });

  it('creates teams after a crowd of creations whose clients left at once', async () => {
    const crowd = await Promise.all(Array.from({ length: 6 }, () => player()));
    const sockets = crowd.flatMap(({ cookie }, i) =>
      Array.from({ length: 8 }, (_, j) => {
        const { head, body } = creationRequest(cookie, `Ghost ${i}-${j}`);
        const { socket } = socketTo(server.url);
        socket.end(head + body, () => socket.destroy());
        return socket;
      }),
    );
    await Promise.all(sockets.map((socket) => new Promise((closed) => socket.once('close', closed))));
    const after = await player();
    for (let i = 0; i < 3; i++) {
      expect((await after.client.team.create({ name: `After ${i}` })).name).toBe(`After ${i}`);
    }
  });

  it('registers no more members than the game allows when a team joins at once', async () => {
    const gameId = await createRunningGame(admin, `Crew Limit ${kind.name}`, { teamMemberCountLimit: 2 });
    const crew = await Promise.all(Array.from({ length: 7 }, () => player()));
    const [captain, ...mates] = crew as [Awaited<ReturnType<typeof player>>, ...typeof crew];
    const team = await captain.client.team.create({ name: `Crew ${kind.name}` });
    const code = await captain.client.team.invite(team.id);
    for (const mate of mates) await mate.client.team.accept(code);
    const joins = await Promise.allSettled(
      crew.map(({ client }) => client.game.join(gameId, { teamId: team.id })),
    );
    expect(joins.filter((join) => join.status === 'fulfilled')).toHaveLength(2);
    const [participation] = await admin.game.participations(gameId);
    expect(participation?.registeredMembers).toHaveLength(2);
  });

  it('runs no more containers than the game allows when a team starts them at once', async () => {
    const image = await ensureServiceImage();
    const gameId = await createRunningGame(admin, `Dock Limit ${kind.name}`, { containerCountLimit: 2 });
    const challenges: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { id } = await admin.edit.createChallenge(gameId, {
        title: `Dock ${i}`,
        category: 'Pwn',
        type: 'DynamicContainer',
      });
      await admin.edit.updateChallenge(gameId, id, {
        flagTemplate: 'flag{[TEAM_HASH]}',
        containerImage: image,
        exposePort: SERVICE_PORT,
        memoryLimit: 64,
        cpuCount: 1,
        isEnabled: true,
      });
      challenges.push(id);
    }
    const { client } = await player();
    const team = await client.team.create({ name: `Dockers ${kind.name}` });
    await client.game.join(gameId, { teamId: team.id });
    try {
      const starts = await Promise.allSettled(
        challenges.map((id) => client.game.createContainer(gameId, id)),
      );
      expect(starts.filter((start) => start.status === 'fulfilled')).toHaveLength(2);
      const running = (await admin.admin.instances()).data.filter((row) => row.team?.id === team.id);
      expect(running).toHaveLength(2);
    } finally {
      for (const row of (await admin.admin.instances()).data)
        await admin.admin.deleteInstance(row.containerGuid);
    }
  });
});
