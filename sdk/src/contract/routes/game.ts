// §2.6 Game: listings, joining, the scoreboard, playing, containers, monitoring and traffic capture.
// Routes marked ★ in the spec run the context check: the caller's participation must be Accepted and the
// game started; most also refuse after the end (body status 10002) unless the game is in practice mode.
import { endpoints } from '../route.ts';
import type { game as schemas } from '../schemas/game.ts';

export const game = endpoints<typeof schemas>()({
  // ---- Listings and joining ----
  recent: {
    method: 'GET',
    path: '/api/game/recent',
    auth: 'anonymous',
    response: 'json',
    etag: true,
  },
  list: {
    method: 'GET',
    path: '/api/game',
    auth: 'anonymous',
    response: 'json',
    rateLimit: 'query',
    paged: { count: 50 },
  },
  get: {
    method: 'GET',
    path: '/api/game/{id}',
    auth: 'anonymous',
    response: 'json',
  },
  check: {
    method: 'GET',
    path: '/api/game/{id}/check',
    auth: 'user',
    response: 'json',
  },
  join: {
    method: 'POST',
    path: '/api/game/{id}',
    auth: 'user',
    response: 'empty',
  },
  leave: {
    method: 'DELETE',
    path: '/api/game/{id}',
    auth: 'user',
    response: 'empty',
  },
  scoreboard: {
    method: 'GET',
    path: '/api/game/{id}/scoreboard',
    auth: 'anonymous',
    response: 'json',
    etag: true,
  },
  notices: {
    method: 'GET',
    path: '/api/game/{id}/notices',
    auth: 'anonymous',
    response: 'json',
    etag: true,
    paged: { count: 100, skip: 300 },
  },
  teamNotices: {
    method: 'GET',
    path: '/api/game/{id}/team-notices',
    auth: 'user',
    response: 'json',
  },

  // ---- Monitoring ----
  events: {
    method: 'GET',
    path: '/api/game/{id}/events',
    auth: 'monitor',
    response: 'json',
    paged: { count: 100 },
  },
  submissions: {
    method: 'GET',
    path: '/api/game/{id}/submissions',
    auth: 'monitor',
    response: 'json',
    paged: { count: 100 },
  },
  cheatInfo: {
    method: 'GET',
    path: '/api/game/{id}/cheatinfo',
    auth: 'monitor',
    response: 'json',
  },
  participations: {
    method: 'GET',
    path: '/api/game/{id}/participations',
    auth: 'admin',
    response: 'json',
  },
  scoreboardSheet: {
    method: 'GET',
    path: '/api/game/{id}/scoreboardsheet',
    auth: 'monitor',
    response: 'download',
  },
  submissionSheet: {
    method: 'GET',
    path: '/api/game/{id}/submissionsheet',
    auth: 'monitor',
    response: 'download',
  },

  // ---- Playing (★) ----
  details: {
    method: 'GET',
    path: '/api/game/{id}/details',
    auth: 'user',
    response: 'json',
    etag: true,
  },
  challenge: {
    method: 'GET',
    path: '/api/game/{id}/challenges/{challengeId}',
    auth: 'user',
    response: 'json',
  },
  submit: {
    method: 'POST',
    path: '/api/game/{id}/challenges/{challengeId}',
    auth: 'user',
    response: 'json',
    rateLimit: 'submit',
    encrypted: ['flag'],
  },
  unlockHint: {
    method: 'POST',
    path: '/api/game/{id}/challenges/{challengeId}/hints/{hintId}',
    auth: 'user',
    response: 'json',
  },
  submissionStatus: {
    method: 'GET',
    path: '/api/game/{id}/challenges/{challengeId}/status/{submitId}',
    auth: 'user',
    response: 'json',
  },
  writeup: {
    method: 'GET',
    path: '/api/game/{id}/writeup',
    auth: 'user',
    response: 'json',
  },
  submitWriteup: {
    method: 'POST',
    path: '/api/game/{id}/writeup',
    auth: 'user',
    upload: 'file',
    response: 'empty',
  },
  createContainer: {
    method: 'POST',
    path: '/api/game/{id}/container/{challengeId}',
    auth: 'user',
    response: 'json',
    rateLimit: 'container',
  },
  extendContainer: {
    method: 'POST',
    path: '/api/game/{id}/container/{challengeId}/extend',
    auth: 'user',
    response: 'json',
    rateLimit: 'container',
  },
  deleteContainer: {
    method: 'DELETE',
    path: '/api/game/{id}/container/{challengeId}',
    auth: 'user',
    response: 'empty',
    rateLimit: 'container',
  },

  // ---- Traffic capture ----
  captures: {
    method: 'GET',
    path: '/api/game/games/{id}/captures',
    auth: 'monitor',
    response: 'json',
  },
  captureTeams: {
    method: 'GET',
    path: '/api/game/captures/{challengeId}',
    auth: 'monitor',
    response: 'json',
  },
  captureFiles: {
    method: 'GET',
    path: '/api/game/captures/{challengeId}/{partId}',
    auth: 'monitor',
    response: 'json',
  },
  downloadCaptures: {
    method: 'GET',
    path: '/api/game/captures/{challengeId}/{partId}/all',
    auth: 'monitor',
    response: 'download',
  },
  deleteCaptures: {
    method: 'DELETE',
    path: '/api/game/captures/{challengeId}/{partId}/all',
    auth: 'monitor',
    response: 'empty',
  },
  captureFile: {
    method: 'GET',
    path: '/api/game/captures/{challengeId}/{partId}/{filename}',
    auth: 'monitor',
    response: 'download',
  },
  deleteCaptureFile: {
    method: 'DELETE',
    path: '/api/game/captures/{challengeId}/{partId}/{filename}',
    auth: 'monitor',
    response: 'empty',
  },
});
