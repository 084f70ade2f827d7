// §2.6 Game: listings, joining, the scoreboard, playing, containers, monitoring and traffic capture.
// Routes marked ★ in the spec run the context check: the caller's participation must be Accepted and the
// game started; most also refuse after the end (body status 10002) unless the game is in practice mode.
import Type from 'typebox';
import { AnswerResult } from '../enums.ts';
import {
  BasicGameInfoModel,
  BasicWriteupInfoModel,
  ChallengeDetailModel,
  ChallengeTrafficModel,
  CheatInfoModel,
  ContainerInfoModel,
  DetailedGameInfoModel,
  FileRecord,
  FlagSubmitModel,
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
} from '../models/game.ts';
import type { EndpointSchemas } from '../route.ts';
import { ArrayResponse, Id, Paging } from '../schema.ts';

const byGame = Type.Object({ id: Id });
const byChallenge = Type.Object({ id: Id, challengeId: Id });
const byHint = Type.Object({ id: Id, challengeId: Id, hintId: Id });
const byCapture = Type.Object({ challengeId: Id, partId: Id });
const byCaptureFile = Type.Object({
  challengeId: Id,
  partId: Id,
  filename: Type.String(),
});

export const game = {
  // ---- Listings and joining ----
  recent: {
    summary: 'Visible games: ongoing, then upcoming, then recently ended',
    query: Type.Object({
      limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: '0 = all (at most 50)' })),
    }),
    response: Type.Array(BasicGameInfoModel),
  },
  list: {
    summary: 'A page of visible games, latest start first',
    query: Type.Object(Paging({ max: 50, default: 10 })),
    response: ArrayResponse(BasicGameInfoModel),
  },
  get: {
    summary: "One game, with the caller's participation when signed in",
    params: byGame,
    response: DetailedGameInfoModel,
  },
  check: {
    summary: "Which of the caller's teams are in the game and which divisions are open to join",
    params: byGame,
    response: GameJoinCheckInfoModel,
  },
  join: {
    summary: 'Register the caller in a game through one of their teams',
    params: byGame,
    body: GameJoinModel,
  },
  leave: {
    summary: 'Withdraw the caller from a Pending or Rejected participation',
    params: byGame,
  },
  scoreboard: {
    summary: "The game's scoreboard",
    params: byGame,
    response: ScoreboardModel,
  },
  notices: {
    summary: 'Notices: Normal ones first, then system notices newest first',
    params: byGame,
    query: Type.Object(Paging({ max: 100, default: 100 }, { max: 300 })),
    response: Type.Array(GameNotice),
  },
  teamNotices: {
    summary: "Pennon's: what verdict corrections did to the caller's team in the game, newest first",
    params: byGame,
    response: Type.Array(TeamNotice),
  },

  // ---- Monitoring ----
  events: {
    summary: 'Game events, newest first',
    params: byGame,
    query: Type.Object({
      hideContainer: Type.Optional(Type.Boolean({ default: false })),
      ...Paging({ max: 100, default: 100 }),
    }),
    response: Type.Array(GameEvent),
  },
  submissions: {
    summary: 'Submissions, newest first, optionally of one result (count 0 = all)',
    params: byGame,
    query: Type.Object({ type: Type.Optional(AnswerResult), ...Paging({ max: 100, default: 100 }) }),
    response: Type.Array(Submission),
  },
  cheatInfo: {
    summary: 'Detected flag sharing',
    params: byGame,
    response: Type.Array(CheatInfoModel),
  },
  participations: {
    summary: "A game's participations with their teams and registered members",
    params: byGame,
    response: Type.Array(ParticipationInfoModel),
  },
  scoreboardSheet: {
    summary: 'The scoreboard as an .xlsx sheet',
    params: byGame,
  },
  submissionSheet: {
    summary: 'Every submission as an .xlsx sheet',
    params: byGame,
  },

  // ---- Playing (★) ----
  details: {
    summary: "The challenges the caller's team may see, its rank and participation token",
    params: byGame,
    response: GameDetailModel,
  },
  challenge: {
    summary: "One challenge as the caller's team sees it (allocates dynamic flags on first access)",
    params: byChallenge,
    response: ChallengeDetailModel,
  },
  unlockHint: {
    summary: "Unlock a titled hint for the caller's team, paying its cost once; answers it with its content",
    params: byHint,
    response: HintModel,
  },
  submit: {
    summary: 'Submit a flag; answers the submission id to poll, judging is asynchronous',
    params: byChallenge,
    body: FlagSubmitModel,
    response: Type.Integer(),
  },
  submissionStatus: {
    summary: "The verdict on one of the caller's submissions (FlagSubmitted until judged)",
    params: Type.Object({ id: Id, challengeId: Id, submitId: Id }),
    response: AnswerResult,
  },
  writeup: {
    summary: "The team's writeup status and the game's writeup note",
    params: byGame,
    response: BasicWriteupInfoModel,
  },
  submitWriteup: {
    summary: "Upload the team's writeup (PDF, ≤ 20 MiB), replacing any previous one",
    params: byGame,
  },
  createContainer: {
    summary: "Start the team's container for a challenge",
    params: byChallenge,
    response: ContainerInfoModel,
  },
  extendContainer: {
    summary: "Prolong the team's container (only inside the renewal window)",
    params: byChallenge,
    response: ContainerInfoModel,
  },
  deleteContainer: {
    summary: "Destroy the team's container for a challenge",
    params: byChallenge,
  },

  // ---- Traffic capture ----
  captures: {
    summary: 'The challenges of a game that have captured traffic',
    params: byGame,
    response: Type.Array(ChallengeTrafficModel),
  },
  captureTeams: {
    summary: 'The participations with captured traffic for a challenge',
    params: Type.Object({ challengeId: Id }),
    response: Type.Array(TeamTrafficModel),
  },
  captureFiles: {
    summary: "A participation's capture files for a challenge",
    params: byCapture,
    response: Type.Array(FileRecord),
  },
  downloadCaptures: {
    summary: "All of a participation's capture files as a .tar.gz",
    params: byCapture,
  },
  deleteCaptures: {
    summary: "Delete all of a participation's capture files for a challenge",
    params: byCapture,
  },
  captureFile: {
    summary: 'One capture file (.pcap.gz)',
    params: byCaptureFile,
  },
  deleteCaptureFile: {
    summary: 'Delete one capture file',
    params: byCaptureFile,
  },
} satisfies Record<string, EndpointSchemas>;
