// §2.6 submitting flags, the scoreboard and monitoring; §2.5 scoreboard flush; and the CTFtime feed (not in
// GZ::CTF's API, so a plain route outside the shared contract).
import { routes, type ScoreboardModel } from '@pennon/sdk/contract';
import { ctftimeFeed } from '@pennon/sdk/ctftime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FreezeService, seesLiveBoard } from '../games/freeze.ts';
import type { MonitorService } from '../games/monitor.ts';
import type { Scoreboards } from '../games/scoreboard.ts';
import type { Snapshot } from '../games/scoreboard-snapshot.ts';
import { type Sheet, scoreboardSheet, submissionSheet } from '../games/sheets.ts';
import type { SubmissionService } from '../games/submissions.ts';
import { audit } from '../http/audit.ts';
import { callerOf } from '../http/auth.ts';
import { attachmentDisposition } from '../http/download.ts';
import { matchesEtag, revalidate } from '../http/etag.ts';
import { HttpError } from '../http/http-error.ts';
import { mount } from '../http/mount.ts';
import type { RegistrationFieldService } from '../services/registration-fields.ts';

/** The scoreboard is generated ahead of the start, so it may be read this early (§2.6). */
const earlyScoreboard = 15 * 60_000;
/** Each game starting within `earlyScoreboard` is prebuilt a few times before it starts. */
const prebuildEveryMs = 5 * 60_000;

/** `gzip` listed without `;q=0`. */
const acceptsGzip = (header: string | undefined): boolean =>
  !!header?.split(',').some((coding) => {
    const [name, ...params] = coding.trim().toLowerCase().split(';');
    return (name === 'gzip' || name === '*') && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });

export interface ScoreboardApiOptions {
  scoreboards: Scoreboards;
  submissions: SubmissionService;
  monitor: MonitorService;
  /** The registration fields of the players, in the scoreboard's sheet. */
  fields: RegistrationFieldService;
  freeze: FreezeService;
  now?: () => number;
}

export const scoreboardApi = async (app: FastifyInstance, options: ScoreboardApiOptions) => {
  const { scoreboards, submissions, monitor, fields, freeze, now = Date.now } = options;
  const { game, edit } = routes;

  // Snapshots of games about to start are built ahead (§4.19); a missed round only makes the first read slower.
  let prebuilding: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    prebuilding = setInterval(() => {
      scoreboards
        .prebuild(earlyScoreboard)
        .catch((error) => app.log.error(error, 'Prebuilding scoreboards failed'));
    }, prebuildEveryMs).unref();
  });
  app.addHook('onClose', async () => clearInterval(prebuilding));

  const snapshotOf = async (gameId: number, poll = false): Promise<Snapshot> => {
    const snapshot = await scoreboards.get(gameId, poll);
    if (!snapshot) throw new HttpError(404, 'Game not found');
    return snapshot;
  };
  const download = (reply: FastifyReply, sheet: Sheet) =>
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachmentDisposition(sheet.name))
      .send(sheet.body);

  // ---- Playing (★) ----
  mount(app, game.submit, async (request) =>
    submissions.submit(callerOf(request), request.params.id, request.params.challengeId, request.body.flag),
  );
  mount(app, game.submissionStatus, async (request) => {
    const { id, challengeId, submitId } = request.params;
    return submissions.status(callerOf(request).id, id, challengeId, submitId);
  });

  // ---- Scoreboard ----
  // Most reads are polls of a board in hand: answered from the ready snapshot, without waiting on anything.
  mount(app, game.scoreboard, (request, reply) => {
    // A client revalidating its copy is polling: it gets the published board (see Scoreboards).
    const poll = request.headers['if-none-match'] !== undefined;
    const snapshot = scoreboards.ready(request.params.id, poll);
    if (snapshot) return sendScoreboard(snapshot, request, reply);
    // Resolved with the reply, as an async handler answering it: once the answer has gone out.
    return snapshotOf(request.params.id, poll).then(
      (built) => sendScoreboard(built, request, reply) as unknown as ScoreboardModel,
    );
  });
  const sendScoreboard = (built: Snapshot, request: FastifyRequest, reply: FastifyReply) => {
    if (now() < built.game.start - earlyScoreboard) throw new HttpError(400, 'The game has not started yet');
    // A frozen game's answer depends on who asks: caches must not hand an organiser's live board to anyone else.
    const frozen = built.frozenAt !== undefined;
    const snapshot = frozen && !seesLiveBoard(request.caller?.role) ? built.public : built;
    if (frozen) reply.header('vary', 'accept-encoding, cookie, authorization');
    else reply.header('vary', 'accept-encoding');
    // Serialized and compressed once per rebuild; the ETag comes from the snapshot, not from hashing every reply.
    reply.header('etag', snapshot.etag);
    // Answered before a body is picked (etagOnSend would drop it).
    if (matchesEtag(request.headers['if-none-match'], snapshot.etag))
      return reply.code(304).header('cache-control', revalidate).send();
    reply.type('application/json');
    const gzipped = acceptsGzip(request.headers['accept-encoding']) ? snapshot.gzipped : undefined;
    if (gzipped) reply.header('content-encoding', 'gzip');
    return reply.send(gzipped ?? snapshot.body);
  };
  mount(app, edit.flushScoreboard, async (request) => {
    await snapshotOf(request.params.id);
    await scoreboards.invalidate(request.params.id);
    await scoreboards.publishNow(request.params.id);
    return undefined;
  });
  mount(app, edit.revealScoreboard, async (request) => {
    const frozenAt = await freeze.reveal(request.params.id);
    await audit(
      request,
      'Information',
      `Revealed the final scoreboard of game #${request.params.id}, frozen since ${new Date(frozenAt).toISOString()}`,
    );
    await scoreboards.publishNow(request.params.id);
    return undefined;
  });
  // Accepted counts are the snapshot's: recounting is rebuilding it, answered once the new one is there.
  mount(app, edit.updateAcceptedCounts, async (request) => {
    await snapshotOf(request.params.id);
    await scoreboards.invalidate(request.params.id);
    await scoreboards.publishNow(request.params.id);
    return undefined;
  });
  app.get<{ Params: { id: string } }>(
    '/api/game/:id/ctftime',
    { schema: { hide: true } },
    async (request) => {
      const id = Number(request.params.id);
      const snapshot = Number.isSafeInteger(id) ? await scoreboards.get(id) : undefined;
      if (!snapshot || snapshot.game.hidden) throw new HttpError(404, 'Game not found');
      return ctftimeFeed(snapshot.public.model());
    },
  );

  // ---- Monitoring ----
  mount(app, game.events, async (request) => {
    const { hideContainer = false, count = 100, skip = 0 } = request.query;
    return monitor.events(request.params.id, hideContainer, { count, skip });
  });
  mount(app, game.submissions, async (request) => {
    const { type, count = 100, skip = 0 } = request.query;
    return monitor.submissions(request.params.id, type, { count, skip });
  });
  mount(app, game.cheatInfo, async (request) => monitor.cheatInfo(request.params.id));
  mount(app, game.scoreboardSheet, async (request, reply) => {
    const info = await monitor.started(request.params.id);
    const snapshot = await snapshotOf(info.id);
    const defined = await fields.definitions();
    const players = defined.length > 0 ? await fields.playersOf(info.id) : [];
    return download(
      reply,
      await scoreboardSheet(info.title, snapshot.model(), now(), { fields: defined, players }),
    );
  });
  mount(app, game.submissionSheet, async (request, reply) => {
    const info = await monitor.started(request.params.id);
    const all = await monitor.submissions(info.id, undefined, { count: 0, skip: 0 });
    return download(reply, await submissionSheet(info.title, all, now()));
  });
};
