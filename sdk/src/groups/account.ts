// The account group (gzctf-api.md §2.1): sign-up, sign-in, recovery and the caller's profile.

import type { RegisterStatus } from '../contract/enums.ts';
import type {
  AccountVerifyModel,
  LoginModel,
  MailChangeModel,
  PasswordChangeModel,
  PasswordResetModel,
  ProfileUpdateModel,
  ProfileUserInfoModel,
  RecoveryModel,
  RegisterModel,
} from '../contract/models/account.ts';
import { account as r } from '../contract/routes/account.ts';
import type { RequestResponse, RequestResponseOf } from '../contract/schema.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';
import { toBlob, type Upload } from './upload.ts';

/** The account calls, as `client.account` has them: sign-up, sign-in, recovery and the caller's profile. */
export interface AccountApi {
  /** POST /api/account/register: create an account; `data` says whether it is signed in or awaits e-mail. */
  register(body: RegisterModel, options?: CallOptions): Promise<RequestResponseOf<RegisterStatus>>;
  /** POST /api/account/recovery: mail a password-reset link. */
  recover(body: RecoveryModel, options?: CallOptions): Promise<RequestResponse>;
  /** POST /api/account/passwordreset: set a new password with the token from a reset link. */
  resetPassword(body: PasswordResetModel, options?: CallOptions): Promise<void>;
  /** POST /api/account/verify: confirm a new account's e-mail and sign it in. */
  verify(body: AccountVerifyModel, options?: CallOptions): Promise<void>;
  /** POST /api/account/login: sign in (the server sets the session cookie). */
  login(body: LoginModel, options?: CallOptions): Promise<void>;
  /** POST /api/account/logout: sign out and clear the session cookie. */
  logout(options?: CallOptions): Promise<void>;
  /** PUT /api/account/update: change the caller's profile fields. */
  updateProfile(body: ProfileUpdateModel, options?: CallOptions): Promise<void>;
  /** PUT /api/account/changepassword: change the caller's password. */
  changePassword(body: PasswordChangeModel, options?: CallOptions): Promise<void>;
  /** PUT /api/account/changeemail: start an e-mail change; `data` is true when a confirmation was mailed. */
  changeEmail(body: MailChangeModel, options?: CallOptions): Promise<RequestResponseOf<boolean>>;
  /** POST /api/account/mailchangeconfirm: finish an e-mail change with the token from the mail. */
  confirmEmailChange(body: AccountVerifyModel, options?: CallOptions): Promise<void>;
  /** GET /api/account/profile: the caller's profile. */
  profile(options?: CallOptions): Promise<ProfileUserInfoModel>;
  /** PUT /api/account/avatar: replace the caller's avatar; resolves to its URL. */
  updateAvatar(file: Upload, options?: CallOptions): Promise<string>;
}

/** The account group over a requester (see `createRequester`), for a script that needs only it. */
export const createAccountApi = (request: Requester): AccountApi => ({
  register: (body, options) => request(r.register, { ...options, body }),
  recover: (body, options) => request(r.recover, { ...options, body }),
  resetPassword: (body, options) => request(r.resetPassword, { ...options, body }),
  verify: (body, options) => request(r.verify, { ...options, body }),
  login: (body, options) => request(r.login, { ...options, body }),
  logout: (options) => request(r.logout, options),
  updateProfile: (body, options) => request(r.updateProfile, { ...options, body }),
  changePassword: (body, options) => request(r.changePassword, { ...options, body }),
  changeEmail: (body, options) => request(r.changeEmail, { ...options, body }),
  confirmEmailChange: (body, options) => request(r.confirmEmailChange, { ...options, body }),
  profile: (options) => request(r.profile, options),
  updateAvatar: (file, options) => request(r.updateAvatar, { ...options, file: toBlob(file) }),
});
