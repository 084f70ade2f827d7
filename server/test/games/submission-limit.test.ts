// A challenge's submission limit exact (issue #47): however many flags a team sends at once, and however many servers
// on one database take them, the attempts stored for a team never pass the limit and each refused flag is told so.
// On PostgreSQL two servers take each team's flags side by side, as two processes behind a load balancer would.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Player, signInAdmin } from './helpers.ts';

const limit = 3;
const teamCount = 6;
const rounds = 5;

describe.each(databaseKinds())('the submission limit on $name', (kind) => {
  let t: TestApp;
  let servers: FastifyInstance[];
  let admin: string;
  let gameId: number;
  const players: Player[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    servers = kind.name === 'postgres' ? [t.app, await t.reopen()] : [t.app];
    admin = await signInAdmin(t.app, t.connection.db);
    const c = gameClient(t.app);
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    for (let i = 0; i < teamCount; i++) {
      const player = await c.signUp(`limited${i}`);
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, {
        teamId: await c.createTeam(player, `team-limited${i}`),
      });
      players.push(player);
    }
  });
  afterAll(async () => t?.close());

  /** A new enabled challenge with the limit. */
  const limitedChallenge = async (title: string): Promise<number> => {
    const c = gameClient(t.app);
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id } = await c.ok(admin, 'POST', base, { title, type: 'StaticAttachment', category: 'Misc' });
    await c.ok(admin, 'POST', `${base}/${id}/flags`, [{ flag: 'flag{right}' }]);
    await c.ok(admin, 'PUT', `${base}/${id}`, { isEnabled: true, submissionLimit: limit });
    return id;
  };

  it(`stores ${limit} attempts a team when each sends ${3 * limit} wrong flags at once, ${rounds} times`, async () => {
    for (let round = 0; round < rounds; round++) {
      const challengeId = await limitedChallenge(`Gate ${round}`);
      const url = `/api/game/${gameId}/challenges/${challengeId}`;
      const answers = await Promise.all(
        players.flatMap((player) =>
          Array.from({ length: 3 * limit }, async (_, k) => {
            const app = servers[k % servers.length] as FastifyInstance;
            const res = await gameClient(app).call(player.token, 'POST', url, { flag: `flag{wrong-${k}}` });
            return res.statusCode === 200 ? 'stored' : `${res.statusCode} ${res.json().title}`;
          }),
        ),
      );
      const told = (player: number) => answers.slice(player * 3 * limit, (player + 1) * 3 * limit).sort();
      const stored = await t.connection.db
        .selectFrom('submissions')
        .innerJoin('participation_members as m', 'm.participation_id', 'submissions.participation_id')
        .select('m.user_id')
        .where('submissions.challenge_id', '=', challengeId)
        .execute();
      for (const [at, player] of players.entries()) {
        expect(told(at), `round ${round}, ${player.name}`).toEqual([
          ...Array(2 * limit).fill('400 The submission limit is reached'),
          ...Array(limit).fill('stored'),
        ]);
        expect(
          stored.filter((s) => s.user_id === player.id),
          `round ${round}, ${player.name}`,
        ).toHaveLength(limit);
      }
    }
  });
});
