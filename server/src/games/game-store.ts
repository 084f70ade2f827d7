// The games table behind a small typed API, and the wire shapes of a game.
import type { BasicGameInfoModel, GameInfoInput, GameInfoModel } from '@pennon/sdk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, GamesTable } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';

export type Game = Selectable<GamesTable>;

/** Packed +5 % / +3 % / +1 % (§4.2). */
export const defaultBloodBonus = (50 << 20) + (30 << 10) + 10;
const bonusField = 0x3ff;
/** The most each of the three fields may be, per mille. */
export const bloodBonusFieldMax = 1000;

/** Any of the three 10-bit fields above its most, or bits beyond them, voids the whole value. */
const validBloodBonus = (value: number | undefined): number => {
  if (value === undefined || value < 0 || value >= 2 ** 30) return defaultBloodBonus;
  const fields = [value >> 20, (value >> 10) & bonusField, value & bonusField];
  return fields.every((field) => field <= bloodBonusFieldMax) ? value : defaultBloodBonus;
};

/**
 * Unix ms from a TimestampInput (ms, or an ISO-8601 string the schema already checked). A leap second (`:60`),
 * which RFC 3339 allows and `Date.parse` cannot read, counts as the second before it.
 */
export const toMillis = (value: number | string): number =>
  typeof value === 'number' ? value : Date.parse(value.replace(/:60(?=\D|$)/, ':59'));

export const posterUrl = (hash: string | null): string | null => (hash ? `/assets/${hash}/poster` : null);

/**
 * The settings columns of a create or update: every field, missing ones taking their defaults, but the freeze: a
 * client that does not know it (GZ::CTF's) leaves it as it was.
 */
export const gameSettings = (input: GameInfoInput) => ({
  ...freezeSetting(input),
  title: input.title,
  summary: input.summary ?? '',
  content: input.content ?? '',
  hidden: input.hidden ? 1 : 0,
  practice_mode: (input.practiceMode ?? true) ? 1 : 0,
  accept_without_review: input.acceptWithoutReview ? 1 : 0,
  invite_code: input.inviteCode || null,
  start_time: toMillis(input.start),
  end_time: toMillis(input.end),
  team_member_count_limit: input.teamMemberCountLimit ?? 0,
  container_count_limit: input.containerCountLimit ?? 3,
  writeup_required: input.writeupRequired ? 1 : 0,
  writeup_deadline: input.writeupDeadline === undefined ? 0 : toMillis(input.writeupDeadline),
  writeup_note: input.writeupNote ?? '',
  blood_bonus: validBloodBonus(input.bloodBonus),
});

/** The freeze of a create or update, if it names one; 400 unless it falls before the end. */
const freezeSetting = ({ freezeAt, end }: GameInfoInput): { freeze_at?: number | null } => {
  if (freezeAt === undefined) return {};
  if (freezeAt === null) return { freeze_at: null };
  const at = toMillis(freezeAt);
  if (at >= toMillis(end))
    throw new DomainError(400, 'The scoreboard freeze must come before the end of the game');
  return { freeze_at: at };
};

export const toGameInfo = (game: Game): GameInfoModel => ({
  id: game.id,
  title: game.title,
  hidden: game.hidden === 1,
  summary: game.summary,
  content: game.content,
  acceptWithoutReview: game.accept_without_review === 1,
  writeupRequired: game.writeup_required === 1,
  inviteCode: game.invite_code,
  teamMemberCountLimit: game.team_member_count_limit,
  containerCountLimit: game.container_count_limit,
  poster: posterUrl(game.poster_hash),
  publicKey: game.public_key,
  practiceMode: game.practice_mode === 1,
  start: game.start_time,
  end: game.end_time,
  writeupDeadline: game.writeup_deadline,
  writeupNote: game.writeup_note,
  bloodBonus: game.blood_bonus,
  ...(game.freeze_at === null ? {} : { freezeAt: game.freeze_at }),
  ...(game.freeze_revealed_at === null ? {} : { freezeRevealedAt: game.freeze_revealed_at }),
});

export const toBasicGameInfo = (game: Game): BasicGameInfoModel => ({
  id: game.id,
  title: game.title,
  summary: game.summary,
  poster: posterUrl(game.poster_hash),
  limit: game.team_member_count_limit,
  start: game.start_time,
  end: game.end_time,
});

export class GameStore {
  constructor(private readonly db: Kysely<Database>) {}

  byId(id: number): Promise<Game | undefined> {
    return this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every game, newest id first. */
  page(count: number, skip: number): Promise<Game[]> {
    return this.db.selectFrom('games').selectAll().orderBy('id', 'desc').limit(count).offset(skip).execute();
  }

  /** Games players may browse, latest start first. */
  visible(count: number, skip: number): Promise<Game[]> {
    return this.db
      .selectFrom('games')
      .selectAll()
      .where('hidden', '=', 0)
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .limit(count)
      .offset(skip)
      .execute();
  }

  async count(visibleOnly = false): Promise<number> {
    let query = this.db.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('total'));
    if (visibleOnly) query = query.where('hidden', '=', 0);
    return Number((await query.executeTakeFirstOrThrow()).total);
  }
}
