// §2.1 Account: sign-up, sign-in, recovery and the caller's profile.
import Type from 'typebox';
import { RegisterStatus } from '../enums.ts';
import {
  AccountVerifyModel,
  LoginModel,
  MailChangeModel,
  PasswordChangeModel,
  PasswordResetModel,
  ProfileUpdateModel,
  ProfileUserInfoModel,
  RecoveryModel,
  RegisterModel,
} from '../models/account.ts';
import type { EndpointSchemas } from '../route.ts';
import { RequestResponse, RequestResponseOf } from '../schema.ts';

export const account = {
  register: {
    summary:
      'Create an account; the result says whether the caller is signed in or must wait for a confirmation',
    body: RegisterModel,
    response: RequestResponseOf(RegisterStatus),
  },
  recover: {
    summary: 'Mail a password-reset link',
    body: RecoveryModel,
    response: RequestResponse,
  },
  resetPassword: {
    summary: 'Set a new password with the token from a reset link',
    body: PasswordResetModel,
  },
  verify: {
    summary: 'Confirm the e-mail of a new account and sign it in',
    body: AccountVerifyModel,
  },
  login: {
    summary: 'Sign in with a user name or e-mail and set the session cookie',
    body: LoginModel,
  },
  logout: {
    summary: 'Sign out and clear the session cookie',
  },
  updateProfile: {
    summary: "Change the caller's profile fields",
    body: ProfileUpdateModel,
  },
  changePassword: {
    summary: "Change the caller's password",
    body: PasswordChangeModel,
  },
  changeEmail: {
    summary: 'Start an e-mail change; data is true when a confirmation mail was sent',
    body: MailChangeModel,
    response: RequestResponseOf(Type.Boolean()),
  },
  confirmEmailChange: {
    summary: 'Finish an e-mail change with the token from the confirmation link',
    body: AccountVerifyModel,
  },
  profile: {
    summary: "The caller's profile",
    response: ProfileUserInfoModel,
  },
  updateAvatar: {
    summary: "Replace the caller's avatar; answers its URL",
    response: Type.String(),
  },
} satisfies Record<string, EndpointSchemas>;
