// Table types of the database, one interface per table, as Kysely sees them.
// Timestamps are Unix milliseconds (numbers on both engines, see database.ts); flags are integer 0/1.
import type {
  AnswerResult,
  ChallengeCategory,
  ChallengeType,
  EventType,
  LogLevel,
  NetworkMode,
  NoticeType,
  ParticipationStatus,
  Role,
  TaskStatus,
} from '@pennon/sdk/contract';
import type { ColumnType, Generated } from 'kysely';

export interface ConfigTable {
  /** A configuration section: accountPolicy, globalConfig or containerPolicy. */
  key: string;
  /** The section as JSON text. */
  value: string;
}

export interface UsersTable {
  /** A GUID string. */
  id: string;
  user_name: string;
  /** Upper-cased user name: unique, so names differing only in case collide. */
  normalized_user_name: string;
  email: string;
  normalized_email: string;
  /** An argon2id PHC string. */
  password_hash: string;
  role: Role;
  email_confirmed: Generated<number>;
  bio: Generated<string>;
  phone: string | null;
  real_name: Generated<string>;
  std_number: Generated<string>;
  avatar_hash: string | null;
  register_time_utc: number;
  last_visited_utc: number;
  ip: Generated<string>;
  /** Rotated when the password or e-mail changes; the mailed account tokens are bound to it. */
  security_stamp: string;
}

export interface SessionsTable {
  /** SHA-256 hex of the cookie token: the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  /** The name as teams are told apart: NFKC in upper case (as `users.normalized_user_name`). */
  normalized_name: string;
  bio: string | null;
  avatar_hash: string | null;
  /** Set while the team plays a game: members can't be kicked or leave, and the team can't be deleted. */
  locked: Generated<number>;
  /** 32 lower-case hex digits, the secret part of the invite code. */
  invite_token: string;
  captain_id: string;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: string;
}

export interface FilesTable {
  /** SHA-256 of the content, 64 lower-case hex digits. */
  hash: string;
  /** The name given at the latest upload of this content. */
  name: string;
  size: number;
  /** How many owners (avatars, logos, challenge files, …) hold the blob; it is deleted at 0. */
  ref_count: number;
  uploaded_at: number;
  /** Sniffed from the bytes when stored; null for files stored before types were recorded, until first served. */
  content_type: string | null;
  /** 1 when the platform made the bytes by re-encoding an uploaded image; only these are served inline. */
  reencoded: Generated<number>;
}

export interface PostsTable {
  /** 8 lower-case hex digits. */
  id: string;
  title: string;
  summary: string;
  /** Markdown, kept as written. */
  content: string;
  /** A JSON array of strings. */
  tags: string;
  is_pinned: Generated<number>;
  author_id: string | null;
  update_time: number;
}

export interface ApiTokensTable {
  /** A GUID string: the `jti` of the signed token. The token itself is never stored. */
  id: string;
  name: string;
  creator_id: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  is_revoked: Generated<number>;
  /** The token whose request issued this one; null when a session did. */
  minted_by: string | null;
}

export interface LogsTable {
  id: Generated<number>;
  time: number;
  /** The acting user's name, null when anonymous. */
  name: string | null;
  /** A Serilog level name (Information, Warning, …). */
  level: LogLevel;
  ip: string | null;
  msg: string;
  status: TaskStatus | null;
}

export interface PowChallengesTable {
  /** 12 lower-case hex digits. */
  id: string;
  /** 16 lower-case hex digits (8 bytes). */
  challenge: string;
  /** Slides forward on every look-up. */
  expires_at: number;
}

export interface PlatformSecretsTable {
  name: string;
  value: string;
}

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
export interface BusMessagesTable {
  id: Generated<number>;
  message: string;
  created_at: number;
}

export interface OidcProvidersTable {
  /** A slug chosen by the admin; in the callback path and kept with each linked identity. */
  id: string;
  name: string;
  issuer: string;
  client_id: string;
  /** Sealed (see services/sealing.ts). */
  client_secret: string;
  icon_url: string | null;
  /** Comma-separated exact e-mail domains; empty allows any. */
  allowed_domains: Generated<string>;
  /** 1: a first sign-in may create an account; 0: it may only link to an existing one. */
  create_accounts: Generated<number>;
  /** 1: a first sign-in whose verified e-mail matches an account links to it without its password. */
  link_by_email: Generated<number>;
  enabled: Generated<number>;
  created_at: number;
}

export interface UserIdentitiesTable {
  provider_id: string;
  /** The provider's `sub` claim. */
  subject: string;
  user_id: string;
  /** The e-mail the provider gave when the identity was linked, for people to recognise it. */
  email: string | null;
  linked_at: number;
  last_used_at: number | null;
}

export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports. */
  transports: Generated<string>;
  backed_up: Generated<number>;
  created_at: number;
  last_used_at: number | null;
}

export interface TotpSecretsTable {
  user_id: string;
  /** Sealed base32 secret. */
  secret: string;
  /** The last 30-second step a code was accepted for. */
  last_step: Generated<number>;
  created_at: number;
}

export interface RecoveryCodesTable {
  /** SHA-256 hex of the code. */
  code_hash: string;
  user_id: string;
}

export interface SignInFlowsTable {
  /** SHA-256 hex of the flow cookie's token. */
  id: string;
  user_id: string | null;
  /** What the flow waits for (services/sign-in-flows.ts). */
  stage: string;
  /** The stage's state as JSON. */
  data: string;
  /** Wrong codes entered in this flow. */
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  /** Set once the flow has finished: a replayed answer finds it used. */
  used_at: number | null;
}

export interface Database {
  config: ConfigTable;
  users: UsersTable;
  sessions: SessionsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  files: FilesTable;
  posts: PostsTable;
  api_tokens: ApiTokensTable;
  logs: LogsTable;
  pow_challenges: PowChallengesTable;
  platform_secrets: PlatformSecretsTable;
  games: GamesTable;
  attachments: AttachmentsTable;
  challenges: ChallengesTable;
  flags: FlagsTable;
  divisions: DivisionsTable;
  division_challenges: DivisionChallengesTable;
  participations: ParticipationsTable;
  participation_members: ParticipationMembersTable;
  game_instances: GameInstancesTable;
  containers: ContainersTable;
  game_notices: GameNoticesTable;
  game_events: GameEventsTable;
  writeups: WriteupsTable;
  submissions: SubmissionsTable;
  solves: SolvesTable;
  cheat_infos: CheatInfosTable;
  scoreboard_versions: ScoreboardVersionsTable;
  bus_messages: BusMessagesTable;
  oidc_providers: OidcProvidersTable;
  user_identities: UserIdentitiesTable;
  passkeys: PasskeysTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_flows: SignInFlowsTable;
}
