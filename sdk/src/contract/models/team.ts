// Models of the team group (§2.9); team shapes shared by admin, game and writeup lists.
import Type, { type Static } from 'typebox';
import { Guid, Nullable, OptionalNullable } from '../schema.ts';
import { RegistrationFieldValues } from './registration-fields.ts';

/** A member of a team, as team pages and lists show it. */
export const TeamUserInfoModel = Type.Object(
  {
    id: Nullable(Guid),
    userName: Nullable(Type.String()),
    bio: Nullable(Type.String()),
    avatar: Nullable(Type.String()),
    /** Whether this member captains the team. */
    captain: Type.Boolean(),
    /** The member's public registration fields; left out when there are none. */
    fields: Type.Optional(RegistrationFieldValues),
  },
  { title: 'TeamUserInfoModel' },
);
export type TeamUserInfoModel = Static<typeof TeamUserInfoModel>;

/** A team with its members: the caller's teams (`GET /api/team`), one team, and the admin team list. */
export const TeamInfoModel = Type.Object(
  {
    id: Type.Integer(),
    name: Nullable(Type.String()),
    bio: Nullable(Type.String()),
    avatar: Nullable(Type.String()),
    /** A locked team's members cannot change while one of its games is unfinished. */
    locked: Type.Boolean(),
    /** The one field left out instead of written as null (e.g. in writeup lists). */
    members: Type.Optional(Type.Array(TeamUserInfoModel)),
  },
  { title: 'TeamInfoModel' },
);
export type TeamInfoModel = Static<typeof TeamInfoModel>;

/** A team as referenced from other records (instances, cheat reports). */
export const TeamModel = Type.Object(
  { id: Type.Integer(), name: Type.String(), avatar: Nullable(Type.String()) },
  { title: 'TeamModel' },
);
export type TeamModel = Static<typeof TeamModel>;

/** On update an empty name keeps the old one, while `bio` is always replaced (null clears it). */
export const TeamUpdateModel = Type.Object(
  {
    name: OptionalNullable(Type.String({ maxLength: 20 })),
    bio: OptionalNullable(Type.String({ maxLength: 72 })),
  },
  { title: 'TeamUpdateModel' },
);
export type TeamUpdateModel = Static<typeof TeamUpdateModel>;

/** Hands the captaincy of a team to one of its members. */
export const TeamTransferModel = Type.Object({ newCaptainId: Guid }, { title: 'TeamTransferModel' });
export type TeamTransferModel = Static<typeof TeamTransferModel>;

/** `{teamName}:{teamId}:{32 hex}`; the name may itself contain colons. */
export const TeamInviteCode = Type.String({
  pattern: ':[0-9]+:[0-9a-f]{32}',
  description: 'Team invite code {teamName}:{teamId}:{token}',
});

/**
 * Checks a team token against a game's public key (`POST /api/team/verify`), as a challenge
 * server does to tell which team is talking to it.
 */
export const SignatureVerifyModel = Type.Object(
  {
    /** `{teamId}:{base64 Ed25519 signature of "GZCTF_TEAM_{teamId}"}`. */
    teamToken: Type.String({ minLength: 1 }),
    /** Standard base64 of the 32-byte game public key. */
    publicKey: Type.String({ minLength: 1 }),
  },
  { title: 'SignatureVerifyModel' },
);
export type SignatureVerifyModel = Static<typeof SignatureVerifyModel>;
