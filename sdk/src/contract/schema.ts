// Building blocks shared by every wire model (gzctf-api.md §1.3–§1.5).
import Type, { type Static, type TSchema } from 'typebox';

/** A string enum: the wire carries member names (PascalCase), never numbers. */
export const StringEnum = <const V extends string[]>(title: string, values: readonly [...V]) =>
  Type.Enum(values, { title });

/** A record id: GZ::CTF's ids are 32-bit, and PostgreSQL refuses a larger one in an `integer` column. */
export const Id = Type.Integer({ minimum: -2147483648, maximum: 2147483647 });

/** `DateTimeOffset` on output: integer Unix milliseconds. */
export const Timestamp = Type.Integer({ description: 'Unix time in milliseconds' });

/** `DateTimeOffset` on input: Unix milliseconds, or an ISO-8601 string. */
export const TimestampInput = Type.Union([Timestamp, Type.String({ format: 'date-time' })]);

export const Guid = Type.String({ format: 'uuid' });

/** A value the server writes even when empty: `T | null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A request field that may be left out or sent as null (null keeps the stored value). */
export const OptionalNullable = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

/** The error envelope of every failure: a human `title` and a status (HTTP or 10001/10002). */
export const RequestResponse = Type.Object(
  { title: Type.String(), status: Type.Integer() },
  { title: 'RequestResponse' },
);
export type RequestResponse = Static<typeof RequestResponse>;

/** The envelope carrying a value beside the message (register, change e-mail). */
export const RequestResponseOf = <T extends TSchema>(data: T) =>
  Type.Object({ title: Type.String(), data, status: Type.Integer() });
export type RequestResponseOf<T> = RequestResponse & { data: T };

/** A page of a list: `length` = data.length, `total` = rows available. */
export const ArrayResponse = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), length: Type.Integer(), total: Type.Integer() });
export type ArrayResponse<T> = { data: T[]; length: number; total: number };

/** `count`/`skip` paging; each endpoint sets its own bounds and default. */
export const Paging = (count: { max: number; default?: number }, skip: { max?: number } = {}) => ({
  count: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: count.max,
      ...(count.default === undefined ? {} : { default: count.default }),
    }),
  ),
  skip: Type.Optional(
    Type.Integer({ minimum: 0, default: 0, ...(skip.max === undefined ? {} : { maximum: skip.max }) }),
  ),
});
