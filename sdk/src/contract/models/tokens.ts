// Models of the API token group (§2.3).
import Type, { type Static } from 'typebox';
import { Guid, Nullable, OptionalNullable, Timestamp } from '../schema.ts';

/** An admin's new API token: its name and how long it lasts. */
export const ApiTokenCreateModel = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 128 }),
    /** Days until expiry (at most a century); missing, null or 0 ⇒ never expires. */
    expiresIn: OptionalNullable(Type.Integer({ minimum: 0, maximum: 36500 })),
  },
  { title: 'ApiTokenCreateModel' },
);
export type ApiTokenCreateModel = Static<typeof ApiTokenCreateModel>;

/** An API token as the admin token list shows it; the secret itself is never listed. */
export const ApiToken = Type.Object(
  {
    id: Guid,
    name: Type.String({ minLength: 1, maxLength: 128 }),
    creatorId: Guid,
    createdAt: Timestamp,
    /** Null: it never expires. */
    expiresAt: Nullable(Timestamp),
    /** Null: never used. */
    lastUsedAt: Nullable(Timestamp),
    /** A revoked token is refused until restored. */
    isRevoked: Type.Boolean(),
    /** The creator's user name. */
    creator: Nullable(Type.String()),
  },
  { title: 'ApiToken' },
);
export type ApiToken = Static<typeof ApiToken>;

/** The raw `token` is only ever returned here, at creation. */
export const ApiTokenResponse = Type.Object(
  { token: Type.String(), info: ApiToken },
  { title: 'ApiTokenResponse' },
);
export type ApiTokenResponse = Static<typeof ApiTokenResponse>;
