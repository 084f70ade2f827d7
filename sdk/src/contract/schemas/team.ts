// §2.9 Team: teams, invitations and the participation-token check.
import Type from 'typebox';
import {
  SignatureVerifyModel,
  TeamInfoModel,
  TeamInviteCode,
  TeamTransferModel,
  TeamUpdateModel,
} from '../models/team.ts';
import type { EndpointSchemas } from '../route.ts';
import { Guid, Id, int32 } from '../schema.ts';

const byId = Type.Object({ id: Id });

export const team = {
  get: {
    summary: 'One team with its members',
    params: byId,
    query: Type.Object({
      game: Type.Optional(
        Type.Integer({
          ...int32,
          description: "Pennon's: only the members who play this game with the team",
        }),
      ),
    }),
    response: TeamInfoModel,
  },
  list: {
    summary: 'The teams the caller belongs to',
    response: Type.Array(TeamInfoModel),
  },
  create: {
    summary: 'Create a team captained by the caller (at most 3 per captain)',
    body: TeamUpdateModel,
    response: TeamInfoModel,
  },
  update: {
    summary: 'Rename a team or change its bio (captain only)',
    params: byId,
    body: TeamUpdateModel,
    response: TeamInfoModel,
  },
  transfer: {
    summary: 'Hand the captaincy to another user (captain only)',
    params: byId,
    body: TeamTransferModel,
    response: TeamInfoModel,
  },
  invite: {
    summary: "The team's invite code (captain only)",
    params: byId,
    response: TeamInviteCode,
  },
  refreshInvite: {
    summary: 'Regenerate the invite code, voiding the old one (captain only)',
    params: byId,
    response: TeamInviteCode,
  },
  kick: {
    summary: 'Remove a member and their game registrations for this team (captain only)',
    params: Type.Object({ id: Id, userId: Guid }),
    response: TeamInfoModel,
  },
  accept: {
    summary: 'Join a team with its invite code (a bare JSON string body)',
    body: TeamInviteCode,
  },
  leave: {
    summary: "Leave a team, dropping the caller's registrations for it",
    params: byId,
  },
  updateAvatar: {
    summary: "Replace the team's avatar; answers its URL (captain only)",
    params: byId,
    response: Type.String(),
  },
  delete: {
    summary: 'Delete a team (captain only; not while locked in an unfinished game)',
    params: byId,
  },
  verify: {
    summary: "Check a participation token's Ed25519 signature against a game public key",
    body: SignatureVerifyModel,
  },
} satisfies Record<string, EndpointSchemas>;
