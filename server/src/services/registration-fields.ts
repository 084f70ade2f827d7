// Registration fields (issue #45): extra account fields an admin defines, their values checked per field and kept
// in `user_fields`. The definitions are a configuration row; a value is text (see `RegistrationFieldValue`).
import {
  type ProfileUserInfoModel,
  type RegistrationField,
  type RegistrationFields,
  type RegistrationFieldValues,
  userSheetColumns,
} from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import { chunksOf } from '../db/chunks.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { msg, type Text } from '../i18n/message.ts';
import type { ConfigStore } from './config-store.ts';

/** Lengths of the text kinds when the definition sets none. */
const defaultMaxLength = { text: 256, longText: 4096 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isTextKind = (field: RegistrationField) =>
  field.type === 'text' || field.type === 'longText' || field.type === 'email' || field.type === 'url';

const patternOf = (field: RegistrationField): RegExp | undefined =>
  field.pattern === undefined ? undefined : new RegExp(`^(?:${field.pattern})$`, 'u');

/** Why a definition cannot be saved, or null. */
const definitionProblem = (field: RegistrationField, fields: RegistrationFields): Text | null => {
  const key = field.key.toLowerCase();
  if (fields.filter((other) => other.key.toLowerCase() === key).length > 1)
    return msg`Two fields have the key "${field.key}"`;
  // The users sheet has a column per field, named by its key.
  if (userSheetColumns.some((column) => column.toLowerCase() === key))
    return msg`The key "${field.key}" is a column of the users sheet already`;
  if (field.type === 'choice' && (field.options ?? []).length === 0)
    return msg`The choice field "${field.key}" needs its options`;
  if (new Set(field.options).size !== (field.options ?? []).length)
    return msg`The field "${field.key}" has the same option twice`;
  if ((field.minLength ?? 0) > (field.maxLength ?? Number.POSITIVE_INFINITY))
    return msg`The limits of the field "${field.key}" are the wrong way round`;
  if ((field.min ?? Number.NEGATIVE_INFINITY) > (field.max ?? Number.POSITIVE_INFINITY))
    return msg`The limits of the field "${field.key}" are the wrong way round`;
  try {
    patternOf(field);
  } catch {
    return msg`The pattern of the field "${field.key}" is not a valid regular expression`;
  }
  return null;
};

/** Why `value` (trimmed, not empty) does not fit `field`, or null. */
const valueProblem = (field: RegistrationField, value: string): Text | null => {
  const label = field.label;
  if (isTextKind(field)) {
    const max =
      field.maxLength ?? (field.type === 'longText' ? defaultMaxLength.longText : defaultMaxLength.text);
    const length = [...value].length;
    if (length < (field.minLength ?? 0))
      return msg`The field "${label}" takes at least ${field.minLength} characters`;
    if (length > max) return msg`The field "${label}" takes at most ${max} characters`;
    if (field.type === 'email' && !EMAIL.test(value))
      return msg`The field "${label}" takes an e-mail address`;
    if (field.type === 'url' && !/^https?:\/\//i.test(value))
      return msg`The field "${label}" takes a web address`;
    if (field.type === 'url' && !URL.canParse(value)) return msg`The field "${label}" takes a web address`;
    if (!(patternOf(field)?.test(value) ?? true))
      return msg`The field "${label}" is not in the format asked for`;
    return null;
  }
  switch (field.type) {
    case 'number': {
      if (!NUMBER.test(value)) return msg`The field "${label}" takes a number`;
      const number = Number(value);
      if (field.min !== undefined && number < field.min)
        return msg`The field "${label}" takes a number no less than ${field.min}`;
      if (field.max !== undefined && number > field.max)
        return msg`The field "${label}" takes a number no more than ${field.max}`;
      return null;
    }
    case 'date': {
      const date = new Date(`${value}T00:00:00Z`);
      return DATE.test(value) && date.toISOString().startsWith(value)
        ? null
        : msg`The field "${label}" takes a date (YYYY-MM-DD)`;
    }
    case 'choice':
      return field.options?.includes(value)
        ? null
        : msg`The field "${label}" takes one of: ${field.options ?? []}`;
    default:
      return value === 'true' || value === 'false' ? null : msg`The field "${label}" takes true or false`;
  }
};

/** A value as stored: trimmed, and an unticked checkbox as no value. */
const normalized = (field: RegistrationField, value: string | undefined): string => {
  const trimmed = (value ?? '').trim();
  return field.type === 'checkbox' && trimmed === 'false' ? '' : trimmed;
};

/** A player of a game, with the values of every registration field. */
export interface GamePlayer {
  teamId: number;
  userName: string;
  fields: RegistrationFieldValues;
}

/** Who changes the values: a registration sets them all; a user's profile edit skips locked ones; an admin any. */
export type FieldEdit = 'register' | 'user' | 'admin';

/**
 * Checks `given` against `fields`: every key known, every value fitting its field, required fields filled (at
 * registration, and whenever an edit names them), locked ones unchanged by their user. Answers the values to write
 * ('' for a cleared one), or the first field at fault and why.
 */
export const checkValues = (
  fields: RegistrationFields,
  given: RegistrationFieldValues | undefined,
  edit: FieldEdit,
  stored: RegistrationFieldValues = {},
): { values: RegistrationFieldValues } | { key: string; problem: Text } => {
  for (const key of Object.keys(given ?? {})) {
    if (!fields.some((field) => field.key === key)) return { key, problem: msg`There is no field "${key}"` };
  }
  const values: RegistrationFieldValues = {};
  for (const field of fields) {
    if (edit !== 'register' && (given === undefined || !Object.hasOwn(given, field.key))) continue;
    const value = normalized(field, given?.[field.key]);
    const problem =
      edit === 'user' && field.locked && value !== (stored[field.key] ?? '')
        ? msg`The field "${field.label}" cannot be changed after registration`
        : value === ''
          ? field.required
            ? msg`The field "${field.label}" is required`
            : null
          : valueProblem(field, value);
    if (problem) return { key: field.key, problem };
    values[field.key] = value;
  }
  return { values };
};

export class RegistrationFieldService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: ConfigStore,
  ) {}

  definitions(): Promise<RegistrationFields> {
    return this.config.registrationFields();
  }

  /** Replaces the definitions; values of the fields no longer defined go with them, in one transaction. */
  async update(fields: RegistrationFields): Promise<RegistrationFields> {
    for (const field of fields) {
      const problem = definitionProblem(field, fields);
      if (problem) throw new DomainError(400, problem);
    }
    const kept = fields.map((field) => field.key);
    await this.db.transaction().execute(async (trx) => {
      let removal = trx.deleteFrom('user_fields');
      if (kept.length > 0) removal = removal.where('key', 'not in', kept);
      await removal.execute();
      await this.config.setRegistrationFields(fields, trx);
    });
    return this.definitions();
  }

  /**
   * Checks `given` against the definitions (`checkValues`); answers the values to write, '' for a cleared one, or
   * throws a 400 naming the first field at fault.
   */
  async accept(
    given: RegistrationFieldValues | undefined,
    edit: FieldEdit,
    stored: RegistrationFieldValues = {},
  ): Promise<RegistrationFieldValues> {
    const checked = checkValues(await this.definitions(), given, edit, stored);
    if ('problem' in checked) throw new DomainError(400, checked.problem);
    return checked.values;
  }

  /** Writes accepted values ('' deletes one). */
  async write(
    userId: string,
    values: RegistrationFieldValues,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      if (value === '') {
        await db.deleteFrom('user_fields').where('user_id', '=', userId).where('key', '=', key).execute();
      } else {
        await db
          .insertInto('user_fields')
          .values({ user_id: userId, key, value })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value }))
          .execute();
      }
    }
  }

  /** Writes the values of many users at once, in multi-row statements (none clears a value). */
  async writeMany(
    entries: [userId: string, values: RegistrationFieldValues][],
    db: Kysely<Database>,
  ): Promise<void> {
    const rows = entries.flatMap(([userId, values]) =>
      Object.entries(values).map(([key, value]) => ({ user_id: userId, key, value })),
    );
    for (const chunk of chunksOf(rows)) {
      await db
        .insertInto('user_fields')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['user_id', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
        )
        .execute();
    }
  }

  /** Each user's values, of every field or only of the public ones; users without values are left out. */
  async valuesOf(
    userIds: string[],
    only: 'all' | 'public' = 'all',
  ): Promise<Map<string, RegistrationFieldValues>> {
    const found = new Map<string, RegistrationFieldValues>();
    const fields = await this.definitions();
    const keys = fields.filter((field) => only === 'all' || field.public).map((field) => field.key);
    if (keys.length === 0 || userIds.length === 0) return found;
    for (const ids of chunksOf(userIds)) {
      const rows = await this.db
        .selectFrom('user_fields')
        .select(['user_id', 'key', 'value'])
        .where('user_id', 'in', ids)
        .where('key', 'in', keys)
        .execute();
      for (const row of rows) found.set(row.user_id, { ...found.get(row.user_id), [row.key]: row.value });
    }
    return found;
  }

  /** One user's values, of every field. */
  async of(userId: string): Promise<RegistrationFieldValues> {
    return (await this.valuesOf([userId])).get(userId) ?? {};
  }

  /** Whether any field is defined: answers leave `fields` out when none is, as before the feature. */
  async any(): Promise<boolean> {
    return (await this.definitions()).length > 0;
  }

  /** A profile with its user's values, while any field is defined. */
  async withValues(profile: ProfileUserInfoModel): Promise<ProfileUserInfoModel> {
    return (await this.any()) ? { ...profile, fields: await this.of(profile.userId) } : profile;
  }

  /** The players of a game (as its participations list them) by name, with their values. */
  async playersOf(gameId: number): Promise<GamePlayer[]> {
    const rows = await this.db
      .selectFrom('participation_members')
      .innerJoin('participations', 'participations.id', 'participation_members.participation_id')
      .innerJoin('users', 'users.id', 'participation_members.user_id')
      .select(['participations.team_id', 'users.id', 'users.user_name'])
      .where('participation_members.game_id', '=', gameId)
      .orderBy('users.user_name')
      .execute();
    const values = await this.valuesOf(rows.map((row) => row.id));
    return rows.map((row) => ({
      teamId: row.team_id,
      userName: row.user_name,
      fields: values.get(row.id) ?? {},
    }));
  }
}
