// §2.1 Account: sign-up, sign-in, recovery and the caller's profile.
import { endpoints } from '../route.ts';
import type { account as schemas } from '../schemas/account.ts';

export const account = endpoints<typeof schemas>()({
  register: {
    method: 'POST',
    path: '/api/account/register',
    auth: 'anonymous',
    response: 'json',
    rateLimit: 'register',
    encrypted: ['password'],
  },
  recover: {
    method: 'POST',
    path: '/api/account/recovery',
    auth: 'anonymous',
    response: 'json',
    rateLimit: 'register',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/account/passwordreset',
    auth: 'anonymous',
    response: 'empty',
    rateLimit: 'register',
    encrypted: ['password'],
  },
  verify: {
    method: 'POST',
    path: '/api/account/verify',
    auth: 'anonymous',
    response: 'empty',
  },
  login: {
    method: 'POST',
    path: '/api/account/login',
    auth: 'anonymous',
    response: 'empty',
    // Not in GZ::CTF's policy: each sign-in costs an argon2 hash, and an address's global budget is a class's.
    rateLimit: 'register',
    encrypted: ['password'],
  },
  logout: {
    method: 'POST',
    path: '/api/account/logout',
    auth: 'user',
    response: 'empty',
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/account/update',
    auth: 'user',
    response: 'empty',
  },
  changePassword: {
    method: 'PUT',
    path: '/api/account/changepassword',
    auth: 'user',
    response: 'empty',
    encrypted: ['old', 'new'],
  },
  changeEmail: {
    method: 'PUT',
    path: '/api/account/changeemail',
    auth: 'user',
    response: 'json',
    rateLimit: 'register',
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/api/account/mailchangeconfirm',
    auth: 'user',
    response: 'empty',
  },
  profile: {
    method: 'GET',
    path: '/api/account/profile',
    auth: 'user',
    response: 'json',
  },
  updateAvatar: {
    method: 'PUT',
    path: '/api/account/avatar',
    auth: 'user',
    upload: 'file',
    response: 'json',
  },
});
