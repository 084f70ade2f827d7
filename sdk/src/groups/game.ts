// The game group (gzctf-api.md §2.6): listings, joining, the scoreboard, playing, containers,
// monitoring and traffic capture.
import type { AnswerResult } from '../contract/enums.ts';
import type {
  BasicGameInfoModel,
  BasicWriteupInfoModel,
  ChallengeDetailModel,
  ChallengeTrafficModel,
  CheatInfoModel,
  ContainerInfoModel,
  DetailedGameInfoModel,
  FileRecord,
  GameDetailModel,
  GameEvent,
  GameJoinCheckInfoModel,
  GameJoinModel,
  GameNotice,
  HintModel,
  ParticipationInfoModel,
  ScoreboardModel,
  Submission,
  TeamNotice,
  TeamTrafficModel,
} from '../contract/models/game.ts';
import type { RouteQuery } from '../contract/route.ts';
import { game as r } from '../contract/routes/game.ts';
import type { ArrayResponse } from '../contract/schema.ts';
import type { PagedCall } from '../transport/pages.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';
import { toBlob, type Upload } from './upload.ts';

/** The public game list query: paging. */
export type GamePageQuery = RouteQuery<typeof r.list>;
/** A game's notice list query: paging. */
export type NoticesQuery = RouteQuery<typeof r.notices>;
/** A game's monitor event list query: paging, and whether to leave out container events. */
export type EventsQuery = RouteQuery<typeof r.events>;
/** A game's submission list query: paging, and optionally one verdict. */
export type SubmissionsQuery = RouteQuery<typeof r.submissions>;
type Download = Promise<{ data: Blob; fileName: string }>;

/**
 * The game calls, as `client.game` has them: listings, joining, scoreboards, playing, containers, monitoring and traffic capture.
 */
export interface GameApi {
  // ---- Listings and joining ----
  /** GET /api/game/recent: visible games, ongoing first; `limit` 0 = all (≤ 50). */
  recent(query?: { limit?: number }, options?: CallOptions): Promise<BasicGameInfoModel[]>;
  /** GET /api/game: a page of visible games, latest start first. */
  list(query?: GamePageQuery, options?: CallOptions): PagedCall<ArrayResponse<BasicGameInfoModel>>;
  /** GET /api/game/{id}: one game, with the caller's participation when signed in. */
  get(gameId: number, options?: CallOptions): Promise<DetailedGameInfoModel>;
  /** GET /api/game/{id}/check: the caller's teams in the game and the divisions open to join. */
  check(gameId: number, options?: CallOptions): Promise<GameJoinCheckInfoModel>;
  /** POST /api/game/{id}: register the caller in a game through one of their teams. */
  join(gameId: number, body: GameJoinModel, options?: CallOptions): Promise<void>;
  /** DELETE /api/game/{id}: withdraw from a Pending or Rejected participation. */
  leave(gameId: number, options?: CallOptions): Promise<void>;
  /** GET /api/game/{id}/scoreboard: the scoreboard. */
  scoreboard(gameId: number, options?: CallOptions): Promise<ScoreboardModel>;
  /** GET /api/game/{id}/notices: the game's notices. */
  notices(gameId: number, query?: NoticesQuery, options?: CallOptions): PagedCall<GameNotice[]>;
  /**
   * GET /api/game/{id}/team-notices (Pennon's): what verdict corrections did to the caller's team, newest first, the
   * same notices the user hub pushes as `ReceivedTeamNotice`, kept for members who were not online.
   */
  teamNotices(gameId: number, options?: CallOptions): Promise<TeamNotice[]>;

  // ---- Monitoring ----
  /** GET /api/game/{id}/events: game events, newest first (monitor). */
  events(gameId: number, query?: EventsQuery, options?: CallOptions): PagedCall<GameEvent[]>;
  /** GET /api/game/{id}/submissions: submissions, newest first, optionally of one result (monitor). */
  submissions(gameId: number, query?: SubmissionsQuery, options?: CallOptions): PagedCall<Submission[]>;
  /** GET /api/game/{id}/cheatinfo: detected flag sharing (monitor). */
  cheatInfo(gameId: number, options?: CallOptions): Promise<CheatInfoModel[]>;
  /** GET /api/game/{id}/participations: participations with teams and members (admin). */
  participations(gameId: number, options?: CallOptions): Promise<ParticipationInfoModel[]>;
  /** GET /api/game/{id}/scoreboardsheet: the scoreboard as .xlsx (monitor). */
  scoreboardSheet(gameId: number, options?: CallOptions): Download;
  /** GET /api/game/{id}/submissionsheet: every submission as .xlsx (monitor). */
  submissionSheet(gameId: number, options?: CallOptions): Download;

  // ---- Playing ----
  /** GET /api/game/{id}/details: the challenges the caller's team sees, its rank and token. */
  details(gameId: number, options?: CallOptions): Promise<GameDetailModel>;
  /** GET /api/game/{id}/challenges/{challengeId}: one challenge as the caller's team sees it. */
  challenge(gameId: number, challengeId: number, options?: CallOptions): Promise<ChallengeDetailModel>;
  /** POST /api/game/{id}/challenges/{challengeId}/hints/{hintId}: unlock a titled hint, paying its cost once. */
  unlockHint(gameId: number, challengeId: number, hintId: number, options?: CallOptions): Promise<HintModel>;
  /** POST /api/game/{id}/challenges/{challengeId}: submit a flag; resolves to the submission id to poll. */
  submit(gameId: number, challengeId: number, flag: string, options?: CallOptions): Promise<number>;
  /** GET /api/game/{id}/challenges/{challengeId}/status/{submitId}: the verdict (FlagSubmitted until judged). */
  submissionStatus(
    gameId: number,
    challengeId: number,
    submitId: number,
    options?: CallOptions,
  ): Promise<AnswerResult>;
  /** GET /api/game/{id}/writeup: the team's writeup status and the game's writeup note. */
  writeup(gameId: number, options?: CallOptions): Promise<BasicWriteupInfoModel>;
  /** POST /api/game/{id}/writeup: upload the team's writeup (PDF), replacing any previous one. */
  submitWriteup(gameId: number, file: Upload, options?: CallOptions): Promise<void>;
  /** POST /api/game/{id}/container/{challengeId}: start the team's container. */
  createContainer(gameId: number, challengeId: number, options?: CallOptions): Promise<ContainerInfoModel>;
  /** POST /api/game/{id}/container/{challengeId}/extend: prolong the team's container. */
  extendContainer(gameId: number, challengeId: number, options?: CallOptions): Promise<ContainerInfoModel>;
  /** DELETE /api/game/{id}/container/{challengeId}: destroy the team's container. */
  deleteContainer(gameId: number, challengeId: number, options?: CallOptions): Promise<void>;

  // ---- Traffic capture (monitor) ----
  /** GET /api/game/games/{id}/captures: the challenges of a game with captured traffic. */
  captures(gameId: number, options?: CallOptions): Promise<ChallengeTrafficModel[]>;
  /** GET /api/game/captures/{challengeId}: the participations with captured traffic for a challenge. */
  captureTeams(challengeId: number, options?: CallOptions): Promise<TeamTrafficModel[]>;
  /** GET /api/game/captures/{challengeId}/{partId}: a participation's capture files. */
  captureFiles(challengeId: number, partId: number, options?: CallOptions): Promise<FileRecord[]>;
  /** GET /api/game/captures/{challengeId}/{partId}/all: all of them as a .tar.gz. */
  downloadCaptures(challengeId: number, partId: number, options?: CallOptions): Download;
  /** DELETE /api/game/captures/{challengeId}/{partId}/all: delete all of them. */
  deleteCaptures(challengeId: number, partId: number, options?: CallOptions): Promise<void>;
  /** GET /api/game/captures/{challengeId}/{partId}/{filename}: one capture file (.pcap.gz). */
  captureFile(challengeId: number, partId: number, filename: string, options?: CallOptions): Download;
  /** DELETE /api/game/captures/{challengeId}/{partId}/{filename}: delete one capture file. */
  deleteCaptureFile(
    challengeId: number,
    partId: number,
    filename: string,
    options?: CallOptions,
  ): Promise<void>;
}

/** The game group over a requester (see `createRequester`), for a script that needs only it. */
export const createGameApi = (request: Requester): GameApi => ({
  recent: (query, options) => request(r.recent, { ...options, query: query ?? {} }),
  list: (query, options) => request(r.list, { ...options, query: query ?? {} }),
  get: (id, options) => request(r.get, { ...options, params: { id } }),
  check: (id, options) => request(r.check, { ...options, params: { id } }),
  join: (id, body, options) => request(r.join, { ...options, params: { id }, body }),
  leave: (id, options) => request(r.leave, { ...options, params: { id } }),
  scoreboard: (id, options) => request(r.scoreboard, { ...options, params: { id } }),
  notices: (id, query, options) => request(r.notices, { ...options, params: { id }, query: query ?? {} }),
  teamNotices: (id, options) => request(r.teamNotices, { ...options, params: { id } }),

  events: (id, query, options) => request(r.events, { ...options, params: { id }, query: query ?? {} }),
  submissions: (id, query, options) =>
    request(r.submissions, { ...options, params: { id }, query: query ?? {} }),
  cheatInfo: (id, options) => request(r.cheatInfo, { ...options, params: { id } }),
  participations: (id, options) => request(r.participations, { ...options, params: { id } }),
  scoreboardSheet: (id, options) => request(r.scoreboardSheet, { ...options, params: { id } }),
  submissionSheet: (id, options) => request(r.submissionSheet, { ...options, params: { id } }),

  details: (id, options) => request(r.details, { ...options, params: { id } }),
  challenge: (id, challengeId, options) => request(r.challenge, { ...options, params: { id, challengeId } }),
  unlockHint: (id, challengeId, hintId, options) =>
    request(r.unlockHint, { ...options, params: { id, challengeId, hintId } }),
  submit: (id, challengeId, flag, options) =>
    request(r.submit, { ...options, params: { id, challengeId }, body: { flag } }),
  submissionStatus: (id, challengeId, submitId, options) =>
    request(r.submissionStatus, { ...options, params: { id, challengeId, submitId } }),
  writeup: (id, options) => request(r.writeup, { ...options, params: { id } }),
  submitWriteup: (id, file, options) =>
    request(r.submitWriteup, { ...options, params: { id }, file: toBlob(file) }),
  createContainer: (id, challengeId, options) =>
    request(r.createContainer, { ...options, params: { id, challengeId } }),
  extendContainer: (id, challengeId, options) =>
    request(r.extendContainer, { ...options, params: { id, challengeId } }),
  deleteContainer: (id, challengeId, options) =>
    request(r.deleteContainer, { ...options, params: { id, challengeId } }),

  captures: (id, options) => request(r.captures, { ...options, params: { id } }),
  captureTeams: (challengeId, options) => request(r.captureTeams, { ...options, params: { challengeId } }),
  captureFiles: (challengeId, partId, options) =>
    request(r.captureFiles, { ...options, params: { challengeId, partId } }),
  downloadCaptures: (challengeId, partId, options) =>
    request(r.downloadCaptures, { ...options, params: { challengeId, partId } }),
  deleteCaptures: (challengeId, partId, options) =>
    request(r.deleteCaptures, { ...options, params: { challengeId, partId } }),
  captureFile: (challengeId, partId, filename, options) =>
    request(r.captureFile, { ...options, params: { challengeId, partId, filename } }),
  deleteCaptureFile: (challengeId, partId, filename, options) =>
    request(r.deleteCaptureFile, { ...options, params: { challengeId, partId, filename } }),
});
