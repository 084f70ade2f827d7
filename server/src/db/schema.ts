// Table types of the database, one interface per table, as Kysely sees them: the platform's and the accounts' here,
// the games' in game-tables.ts; `Database` names them all.
// Timestamps are Unix milliseconds (numbers on both engines, see database.ts); flags are integer 0/1.
import type { LogLevel, Role, TaskStatus } from '@pennon/sdk/contract';
import type { Generated } from 'kysely';
import type {
  AttachmentsTable,
  ChallengeHintsTable,
  ChallengePrerequisitesTable,
  ChallengesTable,
  CheatInfosTable,
  ContainersTable,
  DivisionChallengesTable,
  DivisionsTable,
  FlagsTable,
  GameEventsTable,
  GameInstancesTable,
  GameNoticesTable,
  GamesTable,
  ParticipationMembersTable,
  ParticipationsTable,
  ScoreAdjustmentsTable,
  ScoreboardVersionsTable,
  SolvesTable,
  SubmissionsTable,
  TeamNoticesTable,
  WriteupsTable,
} from './game-tables.ts';

export type * from './game-tables.ts';

/** A user's value of a registration field (the definitions are the configuration row `registrationFields`). */
export interface UserFieldsTable {
  user_id: string;
  key: string;
  value: string;
}

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

export interface BusMessagesTable {
  id: Generated<number>;
  message: string;
  created_at: number;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  name: string;
  url: string;
  secret: string;
  format: string;
  locale: string;
  /** A JSON array of event types. */
  events: string;
  game_id: number | null;
  enabled: number;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  type: string;
  game_id: number | null;
  payload: string;
  /** pending, delivered or failed. */
  state: string;
  attempts: Generated<number>;
  created_at: number;
  next_at: number;
  /** Until when a process holds the row to send it (Unix ms); 0: free. */
  claimed_until: Generated<number>;
  response_status: number | null;
  latency: number | null;
  response: Generated<string>;
  last_attempt_at: number | null;
  copy: Generated<number>;
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
  challenge_prerequisites: ChallengePrerequisitesTable;
  flags: FlagsTable;
  divisions: DivisionsTable;
  division_challenges: DivisionChallengesTable;
  participations: ParticipationsTable;
  participation_members: ParticipationMembersTable;
  game_instances: GameInstancesTable;
  containers: ContainersTable;
  game_notices: GameNoticesTable;
  team_notices: TeamNoticesTable;
  game_events: GameEventsTable;
  writeups: WriteupsTable;
  submissions: SubmissionsTable;
  solves: SolvesTable;
  cheat_infos: CheatInfosTable;
  scoreboard_versions: ScoreboardVersionsTable;
  score_adjustments: ScoreAdjustmentsTable;
  challenge_hints: ChallengeHintsTable;
  bus_messages: BusMessagesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  oidc_providers: OidcProvidersTable;
  user_identities: UserIdentitiesTable;
  passkeys: PasskeysTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_flows: SignInFlowsTable;
  user_fields: UserFieldsTable;
}
