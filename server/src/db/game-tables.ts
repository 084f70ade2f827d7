// The tables of games and their play (schema.ts has the platform's and the accounts', and the Database of all),
// as Kysely sees them. Timestamps are Unix milliseconds; flags are integer 0/1.
import type {
  AnswerResult,
  ChallengeCategory,
  ChallengeType,
  EventType,
  NetworkMode,
  NoticeType,
  ParticipationStatus,
} from '@pennon/sdk/contract';
import type { ColumnType, Generated } from 'kysely';

export interface GamesTable {
  id: Generated<number>;
  title: string;
  summary: string;
  /** Markdown. */
  content: string;
  hidden: number;
  practice_mode: number;
  accept_without_review: number;
  invite_code: string | null;
  start_time: number;
  end_time: number;
  /** 0 = unlimited. */
  team_member_count_limit: number;
  /** 0 = unlimited. */
  container_count_limit: number;
  poster_hash: string | null;
  /** Base64 of the 32-byte Ed25519 public key. */
  public_key: string;
  /** The Ed25519 seed, sealed by games/game-keys.ts. */
  private_key: string;
  writeup_required: number;
  writeup_deadline: number;
  writeup_note: string;
  /** Three packed 10-bit per-mille fields (§4.2). */
  blood_bonus: number;
  /** From then on players see the board as it stood then (unset: never frozen). */
  freeze_at: number | null;
  /** When an admin revealed the final board of a frozen game. */
  freeze_revealed_at: number | null;
}

export interface AttachmentsTable {
  id: Generated<number>;
  type: 'Local' | 'Remote';
  /** Local: a file this attachment holds a reference to. */
  file_hash: string | null;
  /** Remote: the URL players are sent to. */
  remote_url: string | null;
}

export interface ChallengesTable {
  id: Generated<number>;
  game_id: number;
  title: string;
  content: string;
  category: ChallengeCategory;
  type: ChallengeType;
  /** A JSON array of strings. */
  hints: string;
  flag_template: string | null;
  is_enabled: number;
  file_name: string | null;
  attachment_id: number | null;
  container_image: string;
  memory_limit: number | null;
  cpu_count: number | null;
  storage_limit: number | null;
  expose_port: number | null;
  network_mode: NetworkMode | null;
  enable_traffic_capture: number | null;
  disable_blood_bonus: number | null;
  deadline_utc: number | null;
  /** 0 = unlimited. */
  submission_limit: number;
  original_score: number;
  min_score_rate: number;
  difficulty: number;
  /** Staged release: hidden from players until then (null: no time). */
  release_at: ColumnType<number | null, number | null | undefined>;
  /** 1 once a process took the time release to announce (games/release.ts). */
  release_announced: Generated<number>;
}

/** Staged release: the challenge opens to a team once it solved each of these challenges of the same game. */
export interface ChallengePrerequisitesTable {
  challenge_id: number;
  prerequisite_id: number;
}

export interface FlagsTable {
  id: Generated<number>;
  challenge_id: number;
  flag: string;
  attachment_id: number | null;
}

export interface DivisionsTable {
  id: Generated<number>;
  game_id: number;
  name: string;
  invite_code: string | null;
  default_permissions: number;
}

export interface DivisionChallengesTable {
  division_id: number;
  challenge_id: number;
  permissions: number;
}

export interface ParticipationsTable {
  id: Generated<number>;
  game_id: number;
  team_id: number;
  status: Exclude<ParticipationStatus, 'Unsubmitted'>;
  division_id: number | null;
  /** `{teamId}:{base64 Ed25519 signature}` by the game key (§4.5). */
  token: string;
}

export interface ParticipationMembersTable {
  participation_id: number;
  /** Repeated from the participation so (game, user) can be unique. */
  game_id: number;
  user_id: string;
}

export interface GameInstancesTable {
  id: Generated<number>;
  participation_id: number;
  challenge_id: number;
  /** DynamicAttachment: the flag handed to this team. */
  flag_id: number | null;
  /** DynamicContainer: the flag generated for this team. */
  flag: string | null;
  /** When a container of this instance was last created or destroyed (the 10 s cooldown, §1.7). */
  last_container_operation: ColumnType<number | null, number | null | undefined>;
}

/** A challenge container the platform started (§4.10); the row goes when the container is destroyed. */
export interface ContainersTable {
  /** The platform GUID: the proxy entry and the `/api/proxy/{id}` credential. */
  id: string;
  /** The engine's container id. */
  runtime_id: string;
  image: string;
  /** Internal address the platform (and its proxy) connects to. */
  ip: string;
  port: number;
  public_ip: string | null;
  public_port: number | null;
  started_at: number;
  expect_stop_at: number;
  /**
   * `Pending` while the engine starts it (its place counted, no engine container yet); `Running`; `Lost` once the
   * engine no longer knows it (reported, then destroyed by its owner).
   */
  status: 'Pending' | 'Running' | 'Lost';
  /** The game instance it serves; null for an admin test container. */
  instance_id: number | null;
  is_proxy: number;
  /** The challenge it runs (set for admin test containers and game containers). */
  challenge_id: ColumnType<number | null, number | null | undefined>;
  /** 1: the proxy records its connections (§4.16). */
  traffic_capture: Generated<number>;
}

/** A notice every player of the game sees (§4.11); `values` is a JSON string array. */
export interface GameNoticesTable {
  id: Generated<number>;
  game_id: number;
  type: NoticeType;
  values: string;
  time: number;
}

/** What a verdict correction did to a team, kept for it; `payload` is the SDK's TeamNotice without its id, as JSON. */
export interface TeamNoticesTable {
  id: Generated<number>;
  participation_id: number;
  payload: string;
}

/** What happened in a game, for monitors (§4.11); `values` is a JSON string array. */
export interface GameEventsTable {
  id: Generated<number>;
  game_id: number;
  type: EventType;
  values: string;
  time: number;
  user_name: string;
  team_name: string;
}

/** A flag submitted by a player (§4.7); `status` is FlagSubmitted until a checker judged it. */
export interface SubmissionsTable {
  id: Generated<number>;
  game_id: number;
  participation_id: number;
  challenge_id: number;
  user_id: string | null;
  answer: string;
  status: AnswerResult;
  time: number;
}

/** A team's first accepted submission of a challenge: one row per (participation, challenge). */
export interface SolvesTable {
  participation_id: number;
  challenge_id: number;
  game_id: number;
  submission_id: number;
  time: number;
  /** Who solved it: the submission's user (null once that account is deleted). */
  user_id: string | null;
  /** The blood it took when judged (1–3; null: none); a challenge's solves never share one. */
  blood: number | null;
}

/** A wrong answer that was another team's flag (§4.9). */
export interface CheatInfosTable {
  id: Generated<number>;
  game_id: number;
  submission_id: number;
  submit_participation_id: number;
  owned_participation_id: number;
}

/** Bumped whenever a game's scoreboard must be rebuilt, so every process notices. */
/** An admin's award (points > 0) or penalty (points < 0) to a team in a game, counted from `time` on. */
export interface ScoreAdjustmentsTable {
  id: Generated<number>;
  game_id: number;
  participation_id: number;
  points: number;
  reason: string;
  time: number;
  /** Who gave or last edited it; null once that account is deleted. */
  admin_id: string | null;
  /** Set on a hint's cost: the team's unlock of that hint (one per hint and participation). */
  hint_id: Generated<number | null>;
}

/** A challenge's titled hint: free, or costing points or a percentage of the challenge's value at unlock time. */
export interface ChallengeHintsTable {
  id: Generated<number>;
  challenge_id: number;
  title: string;
  content: string;
  cost_kind: 'Points' | 'Percent';
  cost: number;
  /** Hidden from players before then; null: at once. */
  release_time: number | null;
  /** 0 while a NewHint notice is owed for its release; 1 once a process took it (games/release.ts). */
  release_announced: Generated<number>;
}

export interface ScoreboardVersionsTable {
  game_id: number;
  version: number;
}

/** A team's writeup for a game (§4.12): one per participation, replaced on upload. */
export interface WriteupsTable {
  participation_id: number;
  game_id: number;
  /** The stored PDF: a reference held in `files`. */
  file_hash: string;
  /** `Writeup-{gameId}-{teamId}-{yyyyMMdd-HH.mm.ss}Z.pdf` */
  file_name: string;
  size: number;
  uploaded_at: number;
}

/** A live bus message another process wrote for a SQLite server (live/sqlite-bus.ts), as JSON. */
