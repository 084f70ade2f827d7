// PostgreSQL's one judging statement (judged-statement.ts) run directly: the judge falls back to its queue when the
// statement fails, so only here would a broken statement show. A first solve takes its blood, and the webhook
// deliveries are written by the statement itself, one per event and endpoint that wants it, in submit order; none
// while no endpoint is on, nor for a solve the board hides.
import type { WebhookPayload } from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareJudged } from '../../src/games/judged-statement.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Player, signInAdmin } from './helpers.ts';

describe.each(databaseKinds().filter((kind) => kind.name === 'postgres'))(
  'the judging statement on $name',
  (kind) => {
    let t: TestApp;
    let gameId: number;
    let otherGameId: number;
    let challengeId: number;
    const players = new Map<string, { player: Player; participation: number; team: number }>();

    beforeAll(async () => {
      t = await startTestApp(kind);
      const admin = await signInAdmin(t.app, t.connection.db);
      const c = gameClient(t.app);
      gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
      otherGameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ title: 'Other' }))).id;
      const edit = `/api/edit/games/${gameId}/challenges`;
      challengeId = (
        await c.ok(admin, 'POST', edit, { title: 'Buoy', type: 'StaticAttachment', category: 'Misc' })
      ).id;
      for (const name of ['ida', 'jon', 'kim', 'lee']) {
        const player = await c.signUp(name);
        const team = await c.createTeam(player, `team-${name}`);
        await c.ok(player.token, 'POST', `/api/game/${gameId}`, { teamId: team });
        const { id } = await t.connection.db
          .selectFrom('participations')
          .select('id')
          .where('game_id', '=', gameId)
          .where('team_id', '=', team)
          .executeTakeFirstOrThrow();
        players.set(name, { player, participation: id, team });
      }
    }, 60_000);
    afterAll(async () => t?.close());

    const now = Date.now();
    /** A correct flag of `name`'s, judged, as the judge hands it to the statement. */
    const accepted = (name: string, n: number, notify = 1) => {
      const { player, participation } = players.get(name) as { player: Player; participation: number };
      const team = `team-${name}`;
      return {
        n,
        event_values: null,
        event_time: 0,
        user_name: '',
        team_name: '',
        log_level: null,
        log_msg: '',
        log_name: null,
        log_status: null,
        log_time: 0,
        may_bleed: 1,
        notify,
        notice_values: JSON.stringify([team, 'Buoy']),
        notice_time: now,
        hook_time: now + n,
        hook_team: team,
        hook_title: 'Buoy',
        hook_user: name,
        game_id: gameId,
        participation_id: participation,
        challenge_id: challengeId,
        user_id: player.id,
        answer: 'flag{buoy}',
        time: now + n,
        status: 'Accepted' as const,
      };
    };
    const deliveries = () =>
      t.connection.db
        .selectFrom('webhook_deliveries')
        .select(['endpoint_id', 'event_id', 'type', 'game_id', 'payload', 'state'])
        .orderBy('id')
        .execute();
    const endpoint = async (events: string[], game: number | null, enabled = 1) =>
      (
        await t.connection.db
          .insertInto('webhook_endpoints')
          .values({
            name: events.join(' '),
            url: 'https://hooks.pennon.invalid/',
            secret: 'secret',
            format: 'json',
            locale: 'en-US',
            events: JSON.stringify(events),
            game_id: game,
            enabled,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

    it('stores a first solve with its blood, and queues nothing while no endpoint is on', async () => {
      const [judged] = await prepareJudged(t.connection.db).run([accepted('ida', 0)]);
      expect(judged).toMatchObject({ n: 0, first: true, blood: 1, queued: false });
      expect(judged?.notice_id).toEqual(expect.any(Number));
      expect(await deliveries()).toEqual([]);
    });

    it('queues one delivery per event and endpoint that wants it, in submit order', async () => {
      const wanted = await endpoint(['solve', 'blood.second'], null);
      await endpoint(['solve'], otherGameId);
      await endpoint(['solve', 'blood.third'], gameId, 0);
      const judged = await prepareJudged(t.connection.db).run([accepted('jon', 0), accepted('kim', 1)]);
      expect(judged.sort((a, b) => a.n - b.n)).toMatchObject([
        { first: true, blood: 2, queued: true },
        { first: true, blood: 3, queued: true },
      ]);
      const queued = await deliveries();
      expect(queued.map((d) => [d.endpoint_id, d.type, d.game_id, d.state])).toEqual([
        [wanted, 'solve', gameId, 'pending'],
        [wanted, 'blood.second', gameId, 'pending'],
        [wanted, 'solve', gameId, 'pending'],
      ]);
      const payloads = queued.map((d) => JSON.parse(d.payload) as Omit<WebhookPayload, 'game'>);
      const jon = players.get('jon') as { team: number };
      expect(payloads[1]).toEqual({
        id: queued[1]?.event_id,
        type: 'blood.second',
        time: now,
        data: {
          team: { id: jon.team, name: 'team-jon' },
          challenge: { id: challengeId, title: 'Buoy' },
          user: 'jon',
          blood: 2,
        },
      });
      expect(payloads[2]?.data).toMatchObject({ team: { name: 'team-kim' }, user: 'kim', blood: 3 });
      // Each event has its own id, the same in every endpoint's delivery of it.
      expect(new Set(queued.map((d) => d.event_id)).size).toBe(3);
    });

    it('queues nothing for a solve the board hides (notices end at the freeze)', async () => {
      const before = (await deliveries()).length;
      const [judged] = await prepareJudged(t.connection.db).run([accepted('lee', 0, 0)]);
      expect(judged).toMatchObject({ first: true, queued: false });
      expect((await deliveries()).length).toBe(before);
    });
  },
);
