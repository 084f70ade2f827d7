// Models of the account group (§2.1): sign-up, sign-in, recovery and the caller's own profile.
import Type, { type Static } from 'typebox';
import { Role } from '../enums.ts';
import { USER_NAME_MAX, USER_NAME_MIN } from '../rules/user-name.ts';
import { Guid, Nullable, OptionalNullable } from '../schema.ts';
import { RegistrationFieldValues } from './registration-fields.ts';

/** A user name's length on the wire; the rest of the rule (rules/user-name.ts) is checked by the server. */
export const UserName = Type.String({ minLength: USER_NAME_MIN, maxLength: USER_NAME_MAX });

/** An e-mail address, checked for its shape. */
export const Email = Type.String({ format: 'email' });

/** Digits with spaces, `+ - . ( )`, and an optional trailing extension (`x123`, `ext. 123`). */
export const Phone = Type.String({
  pattern: '^[+0-9\\s().-]*[0-9][+0-9\\s().-]*(?:\\s*(?:[xX]|[eE][xX][tT]\\.?)\\s*[0-9]+)?$',
});

/** A new account (`POST /api/account/register`); the answer says whether it may sign in yet. */
export const RegisterModel = Type.Object(
  {
    userName: UserName,
    /** Plain text, or the §1.8 ciphertext when API encryption is on. */
    password: Type.String({ minLength: 1 }),
    email: Email,
    /** The captcha answer (Turnstile token or `{id}:{answer}` for HashPow). */
    challenge: OptionalNullable(Type.String()),
    /** Values of the registration fields (`registrationFields.definitions`); required ones must be there. */
    fields: Type.Optional(RegistrationFieldValues),
  },
  { title: 'RegisterModel' },
);
export type RegisterModel = Static<typeof RegisterModel>;

/** A password sign-in (`POST /api/account/login`); success sets the session cookie. */
export const LoginModel = Type.Object(
  {
    /** A user name or an e-mail address. */
    userName: Type.String({ minLength: 1 }),
    password: Type.String({ minLength: 1 }),
    challenge: OptionalNullable(Type.String()),
  },
  { title: 'LoginModel' },
);
export type LoginModel = Static<typeof LoginModel>;

/** Asks for a password-reset mail (`POST /api/account/recovery`). */
export const RecoveryModel = Type.Object(
  { email: Email, challenge: OptionalNullable(Type.String()) },
  { title: 'RecoveryModel' },
);
export type RecoveryModel = Static<typeof RecoveryModel>;

/** Sets a new password from a reset link (`POST /api/account/passwordreset`). */
export const PasswordResetModel = Type.Object(
  {
    password: Type.String({ minLength: 1 }),
    /** Base64 of the e-mail address, as found in the reset link. */
    email: Type.String({ minLength: 1 }),
    /** Base64 token from the reset link. */
    rToken: Type.String({ minLength: 1 }),
  },
  { title: 'PasswordResetModel' },
);
export type PasswordResetModel = Static<typeof PasswordResetModel>;

/** Both values are the base64 strings of the verify / confirm link. */
export const AccountVerifyModel = Type.Object(
  { token: Type.String({ minLength: 1 }), email: Type.String({ minLength: 1 }) },
  { title: 'AccountVerifyModel' },
);
export type AccountVerifyModel = Static<typeof AccountVerifyModel>;

/** Null or missing fields keep their stored values. */
export const ProfileUpdateModel = Type.Object(
  {
    userName: OptionalNullable(UserName),
    bio: OptionalNullable(Type.String({ maxLength: 128 })),
    phone: OptionalNullable(Phone),
    realName: OptionalNullable(Type.String({ maxLength: 128 })),
    stdNumber: OptionalNullable(Type.String({ maxLength: 64 })),
    /** Registration fields to change (locked ones cannot); an empty value clears an optional field. */
    fields: Type.Optional(RegistrationFieldValues),
  },
  { title: 'ProfileUpdateModel' },
);
export type ProfileUpdateModel = Static<typeof ProfileUpdateModel>;

/** Lengths are checked on the raw string, which may be §1.8 ciphertext. */
export const PasswordChangeModel = Type.Object(
  { old: Type.String({ minLength: 6 }), new: Type.String({ minLength: 6 }) },
  { title: 'PasswordChangeModel' },
);
export type PasswordChangeModel = Static<typeof PasswordChangeModel>;

/** Asks to move the account to another e-mail address; a link to confirm it is mailed there. */
export const MailChangeModel = Type.Object({ newMail: Email }, { title: 'MailChangeModel' });
export type MailChangeModel = Static<typeof MailChangeModel>;

/**
 * A user's profile: the caller's own (`GET /api/account/profile`), one user for an admin, and
 * each member of a team in a game's participation list. Text fields are null when never set.
 */
export const ProfileUserInfoModel = Type.Object(
  {
    userId: Guid,
    role: Role,
    userName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    bio: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    realName: Nullable(Type.String()),
    stdNumber: Nullable(Type.String()),
    /** Avatar URL, `/assets/{hash}/avatar`. */
    avatar: Nullable(Type.String()),
    /** The user's registration field values (in the user's own and an admin's view only). */
    fields: Type.Optional(RegistrationFieldValues),
  },
  { title: 'ProfileUserInfoModel' },
);
export type ProfileUserInfoModel = Static<typeof ProfileUserInfoModel>;
