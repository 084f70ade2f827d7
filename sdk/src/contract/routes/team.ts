// §2.9 Team: teams, invitations and the participation-token check.
import Type from 'typebox';
import {
  SignatureVerifyModel,
  TeamInfoModel,
  TeamInviteCode,
  TeamTransferModel,
  TeamUpdateModel,
} from '../models/team.ts';
import { route } from '../route.ts';
import { Guid } from '../schema.ts';

const byId = Type.Object({ id: Type.Integer() });

export const team = {
  get: route({
    method: 'GET',
    path: '/api/team/{id}',
    auth: 'anonymous',
    summary: 'One team with its members',
    params: byId,
    response: TeamInfoModel,
  }),
  list: route({
    method: 'GET',
    path: '/api/team',
    auth: 'user',
    summary: 'The teams the caller belongs to',
    response: Type.Array(TeamInfoModel),
  }),
  create: route({
    method: 'POST',
    path: '/api/team',
    auth: 'user',
    summary: 'Create a team captained by the caller (at most 3 per captain)',
    body: TeamUpdateModel,
    response: TeamInfoModel,
    rateLimit: 'concurrency',
  }),
  update: route({
    method: 'PUT',
    path: '/api/team/{id}',
    auth: 'user',
    summary: 'Rename a team or change its bio (captain only)',
    params: byId,
    body: TeamUpdateModel,
    response: TeamInfoModel,
  }),
  transfer: route({
    method: 'PUT',
    path: '/api/team/{id}/transfer',
    auth: 'user',
    summary: 'Hand the captaincy to another user (captain only)',
    params: byId,
    body: TeamTransferModel,
    response: TeamInfoModel,
  }),
  invite: route({
    method: 'GET',
    path: '/api/team/{id}/invite',
    auth: 'user',
    summary: "The team's invite code (captain only)",
    params: byId,
    response: TeamInviteCode,
  }),
  refreshInvite: route({
    method: 'PUT',
    path: '/api/team/{id}/invite',
    auth: 'user',
    summary: 'Regenerate the invite code, voiding the old one (captain only)',
    params: byId,
    response: TeamInviteCode,
  }),
  kick: route({
    method: 'POST',
    path: '/api/team/{id}/kick/{userId}',
    auth: 'user',
    summary: 'Remove a member and their game registrations for this team (captain only)',
    params: Type.Object({ id: Type.Integer(), userId: Guid }),
    response: TeamInfoModel,
  }),
  accept: route({
    method: 'POST',
    path: '/api/team/accept',
    auth: 'user',
    summary: 'Join a team with its invite code (a bare JSON string body)',
    body: TeamInviteCode,
    response: 'empty',
  }),
  leave: route({
    method: 'POST',
    path: '/api/team/{id}/leave',
    auth: 'user',
    summary: "Leave a team, dropping the caller's registrations for it",
    params: byId,
    response: 'empty',
  }),
  updateAvatar: route({
    method: 'PUT',
    path: '/api/team/{id}/avatar',
    auth: 'user',
    summary: "Replace the team's avatar; answers its URL (captain only)",
    params: byId,
    upload: 'file',
    response: Type.String(),
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/team/{id}',
    auth: 'user',
    summary: 'Delete a team (captain only; not while locked in an unfinished game)',
    params: byId,
    response: 'empty',
  }),
  verify: route({
    method: 'POST',
    path: '/api/team/verify',
    auth: 'anonymous',
    summary: "Check a participation token's Ed25519 signature against a game public key",
    body: SignatureVerifyModel,
    response: 'empty',
  }),
};
