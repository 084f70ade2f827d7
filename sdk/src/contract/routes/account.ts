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
import { route } from '../route.ts';
import { RequestResponse, RequestResponseOf } from '../schema.ts';

export const account = {
  register: route({
    method: 'POST',
    path: '/api/account/register',
    auth: 'anonymous',
    summary:
      'Create an account; the result says whether the caller is signed in or must wait for a confirmation',
    body: RegisterModel,
    response: RequestResponseOf(RegisterStatus),
    rateLimit: 'register',
  }),
  recover: route({
    method: 'POST',
    path: '/api/account/recovery',
    auth: 'anonymous',
    summary: 'Mail a password-reset link',
    body: RecoveryModel,
    response: RequestResponse,
    rateLimit: 'register',
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/account/passwordreset',
    auth: 'anonymous',
    summary: 'Set a new password with the token from a reset link',
    body: PasswordResetModel,
    response: 'empty',
    rateLimit: 'register',
  }),
  verify: route({
    method: 'POST',
    path: '/api/account/verify',
    auth: 'anonymous',
    summary: 'Confirm the e-mail of a new account and sign it in',
    body: AccountVerifyModel,
    response: 'empty',
  }),
  login: route({
    method: 'POST',
    path: '/api/account/login',
    auth: 'anonymous',
    summary: 'Sign in with a user name or e-mail and set the session cookie',
    body: LoginModel,
    response: 'empty',
  }),
  logout: route({
    method: 'POST',
    path: '/api/account/logout',
    auth: 'user',
    summary: 'Sign out and clear the session cookie',
    response: 'empty',
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/api/account/update',
    auth: 'user',
    summary: "Change the caller's profile fields",
    body: ProfileUpdateModel,
    response: 'empty',
  }),
  changePassword: route({
    method: 'PUT',
    path: '/api/account/changepassword',
    auth: 'user',
    summary: "Change the caller's password",
    body: PasswordChangeModel,
    response: 'empty',
  }),
  changeEmail: route({
    method: 'PUT',
    path: '/api/account/changeemail',
    auth: 'user',
    summary: 'Start an e-mail change; data is true when a confirmation mail was sent',
    body: MailChangeModel,
    response: RequestResponseOf(Type.Boolean()),
    rateLimit: 'register',
  }),
  confirmEmailChange: route({
    method: 'POST',
    path: '/api/account/mailchangeconfirm',
    auth: 'user',
    summary: 'Finish an e-mail change with the token from the confirmation link',
    body: AccountVerifyModel,
    response: 'empty',
  }),
  profile: route({
    method: 'GET',
    path: '/api/account/profile',
    auth: 'user',
    summary: "The caller's profile",
    response: ProfileUserInfoModel,
  }),
  updateAvatar: route({
    method: 'PUT',
    path: '/api/account/avatar',
    auth: 'user',
    summary: "Replace the caller's avatar; answers its URL",
    upload: 'file',
    response: Type.String(),
  }),
};
