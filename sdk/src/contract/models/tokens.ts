// Models of the API token group (§2.3).
import Type, { type Static } from 'typebox';
import { Guid, Nullable, OptionalNullable, Timestamp } from '../schema.ts';

export const ApiTokenCreateModel = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 128 }),
    /** Days until expiry (at most a century); missing, null or 0 ⇒ never expires. */
    expiresIn: OptionalNullable(Type.Integer({ minimum: 0, maximum: 36500 })),
  },
  { title: 'ApiTokenCreateModel' },
);
export type ApiTokenCreateModel = Static<typeof ApiTokenCreateModel>;

export const ApiToken = Type.Object(
  {
    id: Guid,
    name: Type.String({ minLength: 1, maxLength: 128 }),
    creatorId: Guid,
    createdAt: Timestamp,
    expiresAt: Nullable(Timestamp),
    lastUsedAt: Nullable(Timestamp),
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
