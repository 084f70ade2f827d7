// The edit group (gzctf-api.md §2.5): posts, games, notices, divisions, challenges, flags and test
// containers. Admin only.
import type { TaskStatus } from '../contract/enums.ts';
import type {
  AttachmentCreateModel,
  ChallengeCreateInput,
  ChallengeEditDetailModel,
  ChallengeInfoModel,
  ChallengeUpdateModel,
  Division,
  DivisionCreateModel,
  DivisionEditModel,
  FlagCreateModel,
  GameInfoInput,
  GameInfoModel,
  GameNoticeModel,
  HintEditModel,
  HintInput,
  PostEditModel,
  ScoreAdjustmentInput,
  ScoreAdjustmentModel,
  SolvesRemovalInput,
  TeamSolvesModel,
  VerdictCorrectionInput,
  VerdictCorrectionModel,
} from '../contract/models/edit.ts';
import type { ContainerInfoModel, GameNotice } from '../contract/models/game.ts';
import type { PostDetailModel } from '../contract/models/info.ts';
import type { RouteQuery } from '../contract/route.ts';
import { edit as r } from '../contract/routes/edit.ts';
import type { ArrayResponse } from '../contract/schema.ts';
import type { PagedCall } from '../transport/pages.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';
import { toBlob, type Upload } from './upload.ts';

/** The editor's game list query: paging. */
export type EditGamesQuery = RouteQuery<typeof r.games>;

/**
 * The edit calls, as `client.edit` has them: posts, games, notices, divisions, challenges, flags and test containers (admin only).
 */
export interface EditApi {
  // ---- Posts ----
  /** POST /api/edit/posts: publish a post; resolves to its id. */
  createPost(body: PostEditModel, options?: CallOptions): Promise<string>;
  /** PUT /api/edit/posts/{id}: edit a post, or only (un)pin it when `isPinned` is given. */
  updatePost(postId: string, body: PostEditModel, options?: CallOptions): Promise<PostDetailModel>;
  /** DELETE /api/edit/posts/{id}: delete a post. */
  deletePost(postId: string, options?: CallOptions): Promise<void>;

  // ---- Games ----
  /** POST /api/edit/games: create a game with a fresh signing key pair. */
  createGame(body: GameInfoInput, options?: CallOptions): Promise<GameInfoModel>;
  /** GET /api/edit/games: a page of all games, hidden ones included (count 0 or missing ⇒ empty). */
  games(query?: EditGamesQuery, options?: CallOptions): PagedCall<ArrayResponse<GameInfoModel>>;
  /** GET /api/edit/games/{id}: one game as admins see it. */
  game(gameId: number, options?: CallOptions): Promise<GameInfoModel>;
  /** PUT /api/edit/games/{id}: overwrite a game's settings (every field, not a patch). */
  updateGame(gameId: number, body: GameInfoInput, options?: CallOptions): Promise<GameInfoModel>;
  /** DELETE /api/edit/games/{id}: delete a game with its challenges, participations and writeups. */
  deleteGame(gameId: number, options?: CallOptions): Promise<void>;
  /** PUT /api/edit/games/{id}/poster: replace a game's poster; resolves to its URL. */
  updatePoster(gameId: number, file: Upload, options?: CallOptions): Promise<string>;
  /** DELETE /api/edit/games/{id}/writeups: delete every team's writeup of a game. */
  deleteWriteups(gameId: number, options?: CallOptions): Promise<void>;
  /** POST /api/edit/games/{id}/scoreboard/flush: queue a rebuild of the scoreboard. */
  flushScoreboard(gameId: number, options?: CallOptions): Promise<void>;
  /** POST /api/edit/games/{id}/scoreboard/reveal: after the end, show everyone the final board of a frozen game. */
  revealScoreboard(gameId: number, options?: CallOptions): Promise<void>;
  /** POST /api/edit/games/{id}/challenges/updateaccepted: recount every challenge's solves; resolves once done. */
  updateAcceptedCounts(gameId: number, options?: CallOptions): Promise<void>;
  /** POST /api/edit/games/{id}/export: the game, its challenges and files as a .zip. */
  exportGame(gameId: number, options?: CallOptions): Promise<{ data: Blob; fileName: string }>;
  /** POST /api/edit/games/import: create a game from an export package; resolves to its id. */
  importGame(file: Upload, options?: CallOptions): Promise<number>;
  /** GET /api/edit/games/{id}/hashsalt: the salt behind the game's [TEAM_HASH] flags. */
  hashSalt(gameId: number, options?: CallOptions): Promise<string>;

  // ---- Notices ----
  /** POST /api/edit/games/{id}/notices: publish a notice and broadcast it. */
  createNotice(gameId: number, body: GameNoticeModel, options?: CallOptions): Promise<GameNotice>;
  /** GET /api/edit/games/{id}/notices: the game's admin-written notices. */
  notices(gameId: number, options?: CallOptions): Promise<GameNotice[]>;
  /** PUT /api/edit/games/{id}/notices/{noticeId}: rewrite a notice. */
  updateNotice(
    gameId: number,
    noticeId: number,
    body: GameNoticeModel,
    options?: CallOptions,
  ): Promise<GameNotice>;
  /** DELETE /api/edit/games/{id}/notices/{noticeId}: delete a notice. */
  deleteNotice(gameId: number, noticeId: number, options?: CallOptions): Promise<void>;

  // ---- Awards and penalties ----
  /** POST /api/edit/games/{id}/adjustments: give a team an award or a penalty. */
  createAdjustment(
    gameId: number,
    body: ScoreAdjustmentInput,
    options?: CallOptions,
  ): Promise<ScoreAdjustmentModel>;
  /** GET /api/edit/games/{id}/adjustments: the game's awards and penalties. */
  adjustments(gameId: number, options?: CallOptions): Promise<ScoreAdjustmentModel[]>;
  /** PUT /api/edit/games/{id}/adjustments/{adjustmentId}: rewrite one. */
  updateAdjustment(
    gameId: number,
    adjustmentId: number,
    body: ScoreAdjustmentInput,
    options?: CallOptions,
  ): Promise<ScoreAdjustmentModel>;
  /** DELETE /api/edit/games/{id}/adjustments/{adjustmentId}: delete one. */
  deleteAdjustment(gameId: number, adjustmentId: number, options?: CallOptions): Promise<void>;

  // ---- Verdict corrections ----
  /** PUT /api/edit/games/{id}/submissions/{submissionId}/verdict: correct a judged submission, with a reason. */
  correctVerdict(
    gameId: number,
    submissionId: number,
    body: VerdictCorrectionInput,
    options?: CallOptions,
  ): Promise<VerdictCorrectionModel>;
  /** GET /api/edit/games/{id}/teams/{teamId}/solves: how many solves the team holds. */
  teamSolves(gameId: number, teamId: number, options?: CallOptions): Promise<TeamSolvesModel>;
  /** POST /api/edit/games/{id}/teams/{teamId}/solves/remove: remove all the team's solves (for cheating). */
  removeTeamSolves(
    gameId: number,
    teamId: number,
    body: SolvesRemovalInput,
    options?: CallOptions,
  ): Promise<TeamSolvesModel>;

  // ---- Hints with a cost ----
  /** POST /api/edit/games/{id}/challenges/{cId}/hints: add a titled hint. */
  createHint(
    gameId: number,
    challengeId: number,
    body: HintInput,
    options?: CallOptions,
  ): Promise<HintEditModel>;
  /** GET /api/edit/games/{id}/challenges/{cId}/hints: a challenge's titled hints. */
  hints(gameId: number, challengeId: number, options?: CallOptions): Promise<HintEditModel[]>;
  /** PUT /api/edit/games/{id}/challenges/{cId}/hints/{hintId}: rewrite one. */
  updateHint(
    gameId: number,
    challengeId: number,
    hintId: number,
    body: HintInput,
    options?: CallOptions,
  ): Promise<HintEditModel>;
  /** DELETE /api/edit/games/{id}/challenges/{cId}/hints/{hintId}: delete one, refunding its costs. */
  deleteHint(gameId: number, challengeId: number, hintId: number, options?: CallOptions): Promise<void>;

  // ---- Divisions ----
  /** POST /api/edit/games/{id}/divisions: add a division. */
  createDivision(gameId: number, body: DivisionCreateModel, options?: CallOptions): Promise<Division>;
  /** GET /api/edit/games/{id}/divisions: the game's divisions. */
  divisions(gameId: number, options?: CallOptions): Promise<Division[]>;
  /** PUT /api/edit/games/{id}/divisions/{divisionId}: change a division (null fields stay). */
  updateDivision(
    gameId: number,
    divisionId: number,
    body: DivisionEditModel,
    options?: CallOptions,
  ): Promise<Division>;
  /** DELETE /api/edit/games/{id}/divisions/{divisionId}: delete a division. */
  deleteDivision(gameId: number, divisionId: number, options?: CallOptions): Promise<void>;

  // ---- Challenges & flags ----
  /** POST /api/edit/games/{id}/challenges: add a disabled challenge. */
  createChallenge(
    gameId: number,
    body: ChallengeCreateInput,
    options?: CallOptions,
  ): Promise<ChallengeEditDetailModel>;
  /** GET /api/edit/games/{id}/challenges: the game's challenges with their current scores. */
  challenges(gameId: number, options?: CallOptions): Promise<ChallengeInfoModel[]>;
  /** GET /api/edit/games/{id}/challenges/{cId}: one challenge with its flags and settings. */
  challenge(gameId: number, challengeId: number, options?: CallOptions): Promise<ChallengeEditDetailModel>;
  /** PUT /api/edit/games/{id}/challenges/{cId}: change a challenge (null fields stay; flags untouched). */
  updateChallenge(
    gameId: number,
    challengeId: number,
    body: ChallengeUpdateModel,
    options?: CallOptions,
  ): Promise<ChallengeEditDetailModel>;
  /** DELETE /api/edit/games/{id}/challenges/{cId}: delete a challenge. */
  deleteChallenge(gameId: number, challengeId: number, options?: CallOptions): Promise<void>;
  /** POST /api/edit/games/{id}/challenges/{cId}/attachment: set or remove the attachment. */
  updateAttachment(
    gameId: number,
    challengeId: number,
    body: AttachmentCreateModel,
    options?: CallOptions,
  ): Promise<void>;
  /** POST /api/edit/games/{id}/challenges/{cId}/flags: add flags. */
  addFlags(
    gameId: number,
    challengeId: number,
    flags: FlagCreateModel[],
    options?: CallOptions,
  ): Promise<void>;
  /** DELETE /api/edit/games/{id}/challenges/{cId}/flags/{fId}: remove a flag. */
  deleteFlag(gameId: number, challengeId: number, flagId: number, options?: CallOptions): Promise<TaskStatus>;
  /** POST /api/edit/games/{id}/challenges/{cId}/container: start a test container. */
  createTestContainer(
    gameId: number,
    challengeId: number,
    options?: CallOptions,
  ): Promise<ContainerInfoModel>;
  /** DELETE /api/edit/games/{id}/challenges/{cId}/container: destroy the test container. */
  deleteTestContainer(gameId: number, challengeId: number, options?: CallOptions): Promise<void>;
}

/** The edit group over a requester (see `createRequester`), for a script that needs only it. */
export const createEditApi = (request: Requester): EditApi => ({
  createPost: (body, options) => request(r.createPost, { ...options, body }),
  updatePost: (id, body, options) => request(r.updatePost, { ...options, params: { id }, body }),
  deletePost: (id, options) => request(r.deletePost, { ...options, params: { id } }),

  createGame: (body, options) => request(r.createGame, { ...options, body }),
  games: (query, options) => request(r.games, { ...options, query: query ?? {} }),
  game: (id, options) => request(r.game, { ...options, params: { id } }),
  updateGame: (id, body, options) => request(r.updateGame, { ...options, params: { id }, body }),
  deleteGame: (id, options) => request(r.deleteGame, { ...options, params: { id } }),
  updatePoster: (id, file, options) =>
    request(r.updatePoster, { ...options, params: { id }, file: toBlob(file) }),
  deleteWriteups: (id, options) => request(r.deleteWriteups, { ...options, params: { id } }),
  flushScoreboard: (id, options) => request(r.flushScoreboard, { ...options, params: { id } }),
  revealScoreboard: (id, options) => request(r.revealScoreboard, { ...options, params: { id } }),
  updateAcceptedCounts: (id, options) => request(r.updateAcceptedCounts, { ...options, params: { id } }),
  exportGame: (id, options) => request(r.exportGame, { ...options, params: { id } }),
  importGame: (file, options) => request(r.importGame, { ...options, file: toBlob(file) }),
  hashSalt: (id, options) => request(r.hashSalt, { ...options, params: { id } }),

  createNotice: (id, body, options) => request(r.createNotice, { ...options, params: { id }, body }),
  notices: (id, options) => request(r.notices, { ...options, params: { id } }),
  updateNotice: (id, noticeId, body, options) =>
    request(r.updateNotice, { ...options, params: { id, noticeId }, body }),
  deleteNotice: (id, noticeId, options) => request(r.deleteNotice, { ...options, params: { id, noticeId } }),

  createAdjustment: (id, body, options) => request(r.createAdjustment, { ...options, params: { id }, body }),
  adjustments: (id, options) => request(r.adjustments, { ...options, params: { id } }),
  updateAdjustment: (id, adjustmentId, body, options) =>
    request(r.updateAdjustment, { ...options, params: { id, adjustmentId }, body }),
  deleteAdjustment: (id, adjustmentId, options) =>
    request(r.deleteAdjustment, { ...options, params: { id, adjustmentId } }),

  correctVerdict: (id, submissionId, body, options) =>
    request(r.correctVerdict, { ...options, params: { id, submissionId }, body }),
  teamSolves: (id, teamId, options) => request(r.teamSolves, { ...options, params: { id, teamId } }),
  removeTeamSolves: (id, teamId, body, options) =>
    request(r.removeTeamSolves, { ...options, params: { id, teamId }, body }),

  createHint: (id, cId, body, options) => request(r.createHint, { ...options, params: { id, cId }, body }),
  hints: (id, cId, options) => request(r.hints, { ...options, params: { id, cId } }),
  updateHint: (id, cId, hintId, body, options) =>
    request(r.updateHint, { ...options, params: { id, cId, hintId }, body }),
  deleteHint: (id, cId, hintId, options) =>
    request(r.deleteHint, { ...options, params: { id, cId, hintId } }),

  createDivision: (id, body, options) => request(r.createDivision, { ...options, params: { id }, body }),
  divisions: (id, options) => request(r.divisions, { ...options, params: { id } }),
  updateDivision: (id, divisionId, body, options) =>
    request(r.updateDivision, { ...options, params: { id, divisionId }, body }),
  deleteDivision: (id, divisionId, options) =>
    request(r.deleteDivision, { ...options, params: { id, divisionId } }),

  createChallenge: (id, body, options) => request(r.createChallenge, { ...options, params: { id }, body }),
  challenges: (id, options) => request(r.challenges, { ...options, params: { id } }),
  challenge: (id, cId, options) => request(r.challenge, { ...options, params: { id, cId } }),
  updateChallenge: (id, cId, body, options) =>
    request(r.updateChallenge, { ...options, params: { id, cId }, body }),
  deleteChallenge: (id, cId, options) => request(r.deleteChallenge, { ...options, params: { id, cId } }),
  updateAttachment: (id, cId, body, options) =>
    request(r.updateAttachment, { ...options, params: { id, cId }, body }),
  addFlags: (id, cId, flags, options) =>
    request(r.addFlags, { ...options, params: { id, cId }, body: flags }),
  deleteFlag: (id, cId, fId, options) => request(r.deleteFlag, { ...options, params: { id, cId, fId } }),
  createTestContainer: (id, cId, options) =>
    request(r.createTestContainer, { ...options, params: { id, cId } }),
  deleteTestContainer: (id, cId, options) =>
    request(r.deleteTestContainer, { ...options, params: { id, cId } }),
});
