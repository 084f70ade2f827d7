// The team group (gzctf-api.md §2.9): teams, invitations and the participation-token check.
import type {
  SignatureVerifyModel,
  TeamInfoModel,
  TeamTransferModel,
  TeamUpdateModel,
} from '../contract/models/team.ts';
import { team as r } from '../contract/routes/team.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';
import { toBlob, type Upload } from './upload.ts';

/** The team calls, as `client.team` has them: teams, invitations and the team-token check. */
export interface TeamApi {
  /** GET /api/team/{id}: one team with its members (`game`: only those who play that game with it). */
  get(teamId: number, query?: { game?: number }, options?: CallOptions): Promise<TeamInfoModel>;
  /** GET /api/team: the teams the caller belongs to. */
  list(options?: CallOptions): Promise<TeamInfoModel[]>;
  /** POST /api/team: create a team captained by the caller. */
  create(body: TeamUpdateModel, options?: CallOptions): Promise<TeamInfoModel>;
  /** PUT /api/team/{id}: rename a team or change its bio (captain only). */
  update(teamId: number, body: TeamUpdateModel, options?: CallOptions): Promise<TeamInfoModel>;
  /** PUT /api/team/{id}/transfer: hand the captaincy to another member (captain only). */
  transfer(teamId: number, body: TeamTransferModel, options?: CallOptions): Promise<TeamInfoModel>;
  /** GET /api/team/{id}/invite: the team's invite code (captain only). */
  invite(teamId: number, options?: CallOptions): Promise<string>;
  /** PUT /api/team/{id}/invite: a new invite code, voiding the old one (captain only). */
  refreshInvite(teamId: number, options?: CallOptions): Promise<string>;
  /** POST /api/team/{id}/kick/{userId}: remove a member (captain only). */
  kick(teamId: number, userId: string, options?: CallOptions): Promise<TeamInfoModel>;
  /** POST /api/team/accept: join a team with its invite code (sent as a bare JSON string). */
  accept(code: string, options?: CallOptions): Promise<void>;
  /** POST /api/team/{id}/leave: leave a team. */
  leave(teamId: number, options?: CallOptions): Promise<void>;
  /** PUT /api/team/{id}/avatar: replace the team's avatar; resolves to its URL (captain only). */
  updateAvatar(teamId: number, file: Upload, options?: CallOptions): Promise<string>;
  /** DELETE /api/team/{id}: delete a team (captain only). */
  delete(teamId: number, options?: CallOptions): Promise<void>;
  /** POST /api/team/verify: check a participation token's signature against a game's public key. */
  verify(body: SignatureVerifyModel, options?: CallOptions): Promise<void>;
}

/** The team group over a requester (see `createRequester`), for a script that needs only it. */
export const createTeamApi = (request: Requester): TeamApi => ({
  get: (id, query, options) => request(r.get, { ...options, params: { id }, query: query ?? {} }),
  list: (options) => request(r.list, options),
  create: (body, options) => request(r.create, { ...options, body }),
  update: (id, body, options) => request(r.update, { ...options, params: { id }, body }),
  transfer: (id, body, options) => request(r.transfer, { ...options, params: { id }, body }),
  invite: (id, options) => request(r.invite, { ...options, params: { id } }),
  refreshInvite: (id, options) => request(r.refreshInvite, { ...options, params: { id } }),
  kick: (id, userId, options) => request(r.kick, { ...options, params: { id, userId } }),
  accept: (code, options) => request(r.accept, { ...options, body: code }),
  leave: (id, options) => request(r.leave, { ...options, params: { id } }),
  updateAvatar: (id, file, options) =>
    request(r.updateAvatar, { ...options, params: { id }, file: toBlob(file) }),
  delete: (id, options) => request(r.delete, { ...options, params: { id } }),
  verify: (body, options) => request(r.verify, { ...options, body }),
});
