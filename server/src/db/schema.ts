// Table types of the database, one interface per table, as Kysely sees them.
// Timestamps are Unix milliseconds (numbers on both engines, see database.ts); flags are integer 0/1.
import type { LogLevel, Role, TaskStatus } from '@pennon/sdk/contract';
import type { Generated } from 'kysely';

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
}
