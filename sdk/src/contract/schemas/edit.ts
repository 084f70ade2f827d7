// §2.5 Edit: posts, games, notices, divisions, challenges, flags and test containers.
import Type from 'typebox';
import { TaskStatus } from '../enums.ts';
import {
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
} from '../models/edit.ts';
import { ContainerInfoModel, GameNotice } from '../models/game.ts';
import { PostDetailModel } from '../models/info.ts';
import type { EndpointSchemas } from '../route.ts';
import { ArrayResponse, Id, Paging } from '../schema.ts';

const byPost = Type.Object({ id: Type.String() });
const byGame = Type.Object({ id: Id });
const byNotice = Type.Object({ id: Id, noticeId: Id });
const byAdjustment = Type.Object({ id: Id, adjustmentId: Id });
const byDivision = Type.Object({ id: Id, divisionId: Id });
const bySubmission = Type.Object({ id: Id, submissionId: Id });
const byTeam = Type.Object({ id: Id, teamId: Id });
const byChallenge = Type.Object({ id: Id, cId: Id });
const byHint = Type.Object({ id: Id, cId: Id, hintId: Id });
const byFlag = Type.Object({ id: Id, cId: Id, fId: Id });

export const edit = {
  // ---- Posts ----
  createPost: {
    summary: 'Publish a post authored by the caller; answers its id',
    body: PostEditModel,
    response: Type.String(),
  },
  updatePost: {
    summary: 'Edit a post, or only (un)pin it when isPinned is given',
    params: byPost,
    body: PostEditModel,
    response: PostDetailModel,
  },
  deletePost: {
    summary: 'Delete a post',
    params: byPost,
  },

  // ---- Games ----
  createGame: {
    summary: 'Create a game with a fresh signing key pair',
    body: GameInfoInput,
    response: GameInfoModel,
  },
  games: {
    summary: 'A page of all games, hidden ones included, newest id first (count 0 or missing ⇒ empty page)',
    query: Type.Object(Paging({ max: 100 })),
    response: ArrayResponse(GameInfoModel),
  },
  game: {
    summary: 'One game as admins see it',
    params: byGame,
    response: GameInfoModel,
  },
  updateGame: {
    summary: "Overwrite a game's settings (every field, not a patch)",
    params: byGame,
    body: GameInfoInput,
    response: GameInfoModel,
  },
  deleteGame: {
    summary: 'Delete a game with its challenges, participations and writeups',
    params: byGame,
  },
  updatePoster: {
    summary: "Replace a game's poster; answers its URL",
    params: byGame,
    response: Type.String(),
  },
  deleteWriteups: {
    summary: "Delete every team's writeup of a game",
    params: byGame,
  },
  flushScoreboard: {
    summary: 'Queue a rebuild of the scoreboard',
    params: byGame,
  },
  revealScoreboard: {
    summary: "Reveal a frozen game's final board to everyone, once the game has ended",
    params: byGame,
  },
  updateAcceptedCounts: {
    summary: "Recount every challenge's solves now",
    params: byGame,
  },
  exportGame: {
    summary: 'Package a game, its challenges and files as a .zip',
    params: byGame,
  },
  importGame: {
    summary: 'Create a game from an export package (.zip, ≤ 512 MiB); answers its id',
    response: Type.Integer(),
  },
  hashSalt: {
    summary: "The salt behind a game's [TEAM_HASH] flags",
    params: byGame,
    response: Type.String(),
  },

  // ---- Notices ----
  createNotice: {
    summary: 'Publish a notice and broadcast it to players',
    params: byGame,
    body: GameNoticeModel,
    response: GameNotice,
  },
  notices: {
    summary: "A game's admin-written (Normal) notices",
    params: byGame,
    response: Type.Array(GameNotice),
  },
  updateNotice: {
    summary: 'Rewrite a Normal notice (its time becomes now; not re-broadcast)',
    params: byNotice,
    body: GameNoticeModel,
    response: GameNotice,
  },
  deleteNotice: {
    summary: 'Delete a Normal notice',
    params: byNotice,
  },

  // ---- Awards and penalties (Pennon's) ----
  createAdjustment: {
    summary: 'Give a team an award (positive points) or a penalty (negative), counted in its score',
    params: byGame,
    body: ScoreAdjustmentInput,
    response: ScoreAdjustmentModel,
  },
  adjustments: {
    summary: "A game's awards and penalties, oldest first",
    params: byGame,
    response: Type.Array(ScoreAdjustmentModel),
  },
  updateAdjustment: {
    summary: 'Rewrite an award or a penalty (team, points, reason, time)',
    params: byAdjustment,
    body: ScoreAdjustmentInput,
    response: ScoreAdjustmentModel,
  },
  deleteAdjustment: {
    summary: 'Delete an award or a penalty',
    params: byAdjustment,
  },

  // ---- Verdict corrections ----
  correctVerdict: {
    summary:
      'Correct a judged submission to Accepted or WrongAnswer, with a reason: solves, bloods and scores recompute',
    params: bySubmission,
    body: VerdictCorrectionInput,
    response: VerdictCorrectionModel,
  },
  teamSolves: {
    summary: 'How many solves a team holds in the game (what removing them would take)',
    params: byTeam,
    response: TeamSolvesModel,
  },
  removeTeamSolves: {
    summary: 'Remove every solve of a team (for cheating): its accepted flags become CheatDetected',
    params: byTeam,
    body: SolvesRemovalInput,
    response: TeamSolvesModel,
  },

  // ---- Hints with a cost (Pennon's) ----
  createHint: {
    summary: 'Add a titled hint to a challenge, free or with a cost in points or a percentage of its value',
    params: byChallenge,
    body: HintInput,
    response: HintEditModel,
  },
  hints: {
    summary: "A challenge's titled hints, with their contents and how many teams unlocked each",
    params: byChallenge,
    response: Type.Array(HintEditModel),
  },
  updateHint: {
    summary: 'Rewrite a titled hint; what teams already paid stays',
    params: byHint,
    body: HintInput,
    response: HintEditModel,
  },
  deleteHint: {
    summary: 'Delete a titled hint; the teams that paid for it get their points back',
    params: byHint,
  },

  // ---- Divisions ----
  createDivision: {
    summary: 'Add a division to a game',
    params: byGame,
    body: DivisionCreateModel,
    response: Division,
  },
  divisions: {
    summary: "A game's divisions by id",
    params: byGame,
    response: Type.Array(Division),
  },
  updateDivision: {
    summary: 'Change a division (null fields stay unchanged)',
    params: byDivision,
    body: DivisionEditModel,
    response: Division,
  },
  deleteDivision: {
    summary: 'Delete a division',
    params: byDivision,
  },

  // ---- Challenges & flags ----
  createChallenge: {
    summary: 'Add a disabled challenge with default settings',
    params: byGame,
    body: ChallengeCreateInput,
    response: ChallengeEditDetailModel,
  },
  challenges: {
    summary: "A game's challenges by id, with their current scores",
    params: byGame,
    response: Type.Array(ChallengeInfoModel),
  },
  challenge: {
    summary: 'One challenge with its flags and settings',
    params: byChallenge,
    response: ChallengeEditDetailModel,
  },
  updateChallenge: {
    summary: 'Change a challenge (null fields stay unchanged; flags untouched)',
    params: byChallenge,
    body: ChallengeUpdateModel,
    response: ChallengeEditDetailModel,
  },
  deleteChallenge: {
    summary: 'Delete a challenge with its attachment and flags',
    params: byChallenge,
  },
  updateAttachment: {
    summary: "Set or remove a challenge's attachment (not for DynamicAttachment)",
    params: byChallenge,
    body: AttachmentCreateModel,
  },
  addFlags: {
    summary: 'Add flags, each with an optional attachment of its own',
    params: byChallenge,
    body: Type.Array(FlagCreateModel),
  },
  deleteFlag: {
    summary: 'Remove a flag (the last one disables the challenge)',
    params: byFlag,
    response: TaskStatus,
  },
  createTestContainer: {
    summary: 'Start a test container for a challenge',
    params: byChallenge,
    response: ContainerInfoModel,
  },
  deleteTestContainer: {
    summary: "Destroy a challenge's test container, if any",
    params: byChallenge,
  },
} satisfies Record<string, EndpointSchemas>;
