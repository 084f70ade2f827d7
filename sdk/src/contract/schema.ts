// Building blocks shared by every wire model (gzctf-api.md §1.3–§1.5).
import Type, { type Static, type TNumberOptions, type TSchema } from 'typebox';

/** A string enum: the wire carries member names (PascalCase), never numbers. */
export const StringEnum = <const V extends string[]>(title: string, values: readonly [...V]) =>
  Type.Enum(values, { title });

/** The range of a 32-bit `integer` column (PostgreSQL refuses a number outside it); GZ::CTF's are 32-bit too. */
export const int32 = { minimum: -2147483648, maximum: 2147483647 } as const;

/** A record id. */
export const Id = Type.Integer(int32);

/** A count, size or limit a request sets: never negative, and within an `integer` column unless narrower. */
export const Count = (options: TNumberOptions = {}) =>
  Type.Integer({ minimum: 0, maximum: int32.maximum, ...options });

/** `DateTimeOffset` on output: integer Unix milliseconds. */
export const Timestamp = Type.Integer({ description: 'Unix time in milliseconds' });

/** The times a request may set: years 1 to 9999, the range of .NET's `DateTimeOffset` (and well inside JS dates). */
export const timeRange = { minimum: -62135596800000, maximum: 253402300799999 } as const;

/** `DateTimeOffset` on input: Unix milliseconds, or an ISO-8601 string. */
export const TimestampInput = Type.Union([
  Type.Integer({ ...timeRange, description: 'Unix time in milliseconds' }),
  Type.String({ format: 'date-time' }),
]);

/** A GUID (user, container and token ids), in its usual hyphenated text form. */
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
    Count({ maximum: count.max, ...(count.default === undefined ? {} : { default: count.default }) }),
  ),
  skip: Type.Optional(Count({ default: 0, ...(skip.max === undefined ? {} : { maximum: skip.max }) })),
});
