// §2.5 Edit (games, divisions, challenges, flags), §2.6 Game (listing, joining, playing) and the participation
// review of §2.2; every change the scoreboard depends on marks it stale.
import { type ParticipationReviewResult, routes } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.ts';
import type { GameCatalog } from '../games/catalog.ts';
import type { ChallengeService } from '../games/challenges.ts';
import type { DivisionService } from '../games/divisions.ts';
import { type GameTransfer, packageLimit } from '../games/game-transfer.ts';
import type { GameService } from '../games/games.ts';
import type { ParticipationService } from '../games/participation.ts';
import type { PlayService } from '../games/play.ts';
import type { Scoreboards } from '../games/scoreboard.ts';
import { audit } from '../http/audit.ts';
import { callerOf } from '../http/auth.ts';
import { attachmentDisposition } from '../http/download.ts';
import { mount } from '../http/mount.ts';
import { imageUploadLimit, readUpload, withUploadedFile } from '../http/uploads.ts';

export interface GamesApiOptions {
  games: GameService;
  transfer: GameTransfer;
  divisions: DivisionService;
  challenges: ChallengeService;
  catalog: GameCatalog;
  participations: ParticipationService;
  play: PlayService;
  /** Told about every change the scoreboard depends on (§4.3). */
  scoreboards: Scoreboards;
}

export const gamesApi = async (app: FastifyInstance, options: GamesApiOptions) => {
  const { games, transfer, divisions, challenges, catalog, participations, play, scoreboards } = options;
  const { edit, game, admin } = routes;

  // ---- Edit: games ----
  mount(app, edit.createGame, async (request) => {
    const created = await games.create(request.body);
    await audit(request, 'Information', `Created game #${created.id} ${created.title}`);
    return created;
  });
  mount(app, edit.games, async (request) => {
    const { count = 0, skip = 0 } = request.query;
    return games.page(count, skip);
  });
  mount(app, edit.game, async (request) => games.info(request.params.id));
  mount(app, edit.updateGame, async (request) => {
    const updated = await games.update(request.params.id, request.body);
    await scoreboards.invalidate(request.params.id);
    return updated;
  });
  mount(app, edit.deleteGame, async (request) => {
    await games.delete(request.params.id);
    scoreboards.discard(request.params.id);
    await audit(request, 'Information', `Deleted game #${request.params.id}`);
    return undefined;
  });
  mount(app, edit.updatePoster, async (request) =>
    games.setPoster(request.params.id, await readUpload(request, 'file', imageUploadLimit)),
  );
  mount(app, edit.hashSalt, async (request) => games.hashSalt(request.params.id));
  mount(app, edit.exportGame, async (request, reply) => {
    const { fileName, body } = await transfer.export(request.params.id);
    return reply
      .type('application/zip')
      .header('content-disposition', attachmentDisposition(fileName))
      .send(body);
  });
  mount(app, edit.importGame, async (request) => {
    const id = await withUploadedFile(request, 'file', packageLimit, (file) => transfer.import(file));
    await audit(request, 'Information', `Imported game #${id}`);
    return id;
  });

  // ---- Edit: divisions ----
  mount(app, edit.createDivision, async (request) => {
    const created = await divisions.create(request.params.id, request.body);
    await scoreboards.invalidate(request.params.id);
    return created;
  });
  mount(app, edit.divisions, async (request) => divisions.list(request.params.id));
  mount(app, edit.updateDivision, async (request) => {
    const updated = await divisions.update(request.params.id, request.params.divisionId, request.body);
    await scoreboards.invalidate(request.params.id);
    return updated;
  });
  mount(app, edit.deleteDivision, async (request) => {
    await divisions.delete(request.params.id, request.params.divisionId);
    await scoreboards.invalidate(request.params.id);
    return undefined;
  });

  // ---- Edit: challenges and flags ----
  mount(app, edit.createChallenge, async (request) => challenges.create(request.params.id, request.body));
  // Current values and solve counts come from the scoreboard snapshot.
  const withAccepted = async <T extends { id: number; acceptedCount: number }>(
    gameId: number,
    detail: T,
  ) => ({
    ...detail,
    acceptedCount: (await scoreboards.get(gameId))?.challenges.get(detail.id)?.solved ?? 0,
  });
  mount(app, edit.challenges, async (request) => {
    const snapshot = await scoreboards.get(request.params.id);
    return (await challenges.list(request.params.id)).map((c) => ({
      ...c,
      score: snapshot?.challenges.get(c.id)?.score ?? c.score,
    }));
  });
  mount(app, edit.challenge, async (request) =>
    withAccepted(request.params.id, await challenges.detail(request.params.id, request.params.cId)),
  );
  mount(app, edit.updateChallenge, async (request) => {
    const updated = await challenges.update(request.params.id, request.params.cId, request.body);
    await scoreboards.invalidate(request.params.id);
    return withAccepted(request.params.id, updated);
  });
  mount(app, edit.deleteChallenge, async (request) => {
    await challenges.delete(request.params.id, request.params.cId);
    await scoreboards.invalidate(request.params.id);
    return undefined;
  });
  mount(app, edit.updateAttachment, async (request) => {
    await challenges.setAttachment(request.params.id, request.params.cId, request.body);
    return undefined;
  });
  mount(app, edit.addFlags, async (request) => {
    await challenges.addFlags(request.params.id, request.params.cId, request.body);
    return undefined;
  });
  mount(app, edit.deleteFlag, async (request) => {
    // Removing the last flag disables the challenge, which takes it off the scoreboard.
    const status = await challenges.deleteFlag(request.params.id, request.params.cId, request.params.fId);
    await scoreboards.invalidate(request.params.id);
    return status;
  });

  // ---- Game: listings and joining ----
  mount(app, game.recent, async (request) => catalog.recent(request.query.limit ?? 0));
  mount(app, game.list, async (request) => {
    const { count = 10, skip = 0 } = request.query;
    return catalog.page(count, skip);
  });
  mount(app, game.get, async (request) => catalog.get(request.params.id, request.caller?.id));
  mount(app, game.check, async (request) => participations.check(callerOf(request).id, request.params.id));
  mount(app, game.join, async (request) => {
    await participations.join(callerOf(request).id, request.params.id, request.body);
    // Joining may accept the team at once, which puts it on the board.
    await scoreboards.invalidate(request.params.id);
    return undefined;
  });
  mount(app, game.leave, async (request) => {
    await participations.leave(callerOf(request).id, request.params.id);
    return undefined;
  });
  mount(app, game.participations, async (request) => participations.list(request.params.id));
  const reviewed = (request: FastifyRequest, id: number) =>
    audit(request, 'Information', `Reviewed participation #${id}`);
  mount(app, admin.updateParticipation, async (request) => {
    await scoreboards.invalidate(await participations.review(request.params.id, request.body));
    await reviewed(request, request.params.id);
    return undefined;
  });
  // One request for a whole review (hundreds of teams would take the one-at-a-time route past the per-user rate
  // limit): each participation in turn, a refusal listed and the rest still done, each logged as its own review.
  mount(app, admin.reviewParticipations, async (request) => {
    const games = new Set<number>();
    const failed: ParticipationReviewResult['failed'] = [];
    try {
      for (const id of new Set(request.body.ids)) {
        try {
          games.add(await participations.reviewStatus(id, request.body.status));
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          failed.push({ id, title: request.translate(error.title), status: error.code });
          continue;
        }
        await reviewed(request, id);
      }
    } finally {
      for (const gameId of games) await scoreboards.invalidate(gameId);
    }
    return { failed };
  });

  // ---- Game: playing (★) ----
  mount(app, game.details, async (request) => play.details(callerOf(request).id, request.params.id));
  mount(app, game.challenge, async (request) =>
    play.challenge(callerOf(request).id, request.params.id, request.params.challengeId),
  );
};
