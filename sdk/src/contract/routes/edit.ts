// §2.5 Edit: posts, games, notices, divisions, challenges, flags and test containers.
import { endpoints } from '../route.ts';
import type { edit as schemas } from '../schemas/edit.ts';

export const edit = endpoints<typeof schemas>()({
  // ---- Posts ----
  createPost: {
    method: 'POST',
    path: '/api/edit/posts',
    auth: 'admin',
    response: 'json',
  },
  updatePost: {
    method: 'PUT',
    path: '/api/edit/posts/{id}',
    auth: 'admin',
    response: 'json',
  },
  deletePost: {
    method: 'DELETE',
    path: '/api/edit/posts/{id}',
    auth: 'admin',
    response: 'empty',
  },

  // ---- Games ----
  createGame: {
    method: 'POST',
    path: '/api/edit/games',
    auth: 'admin',
    response: 'json',
  },
  games: {
    method: 'GET',
    path: '/api/edit/games',
    auth: 'admin',
    response: 'json',
    paged: { count: 100 },
  },
  game: {
    method: 'GET',
    path: '/api/edit/games/{id}',
    auth: 'admin',
    response: 'json',
  },
  updateGame: {
    method: 'PUT',
    path: '/api/edit/games/{id}',
    auth: 'admin',
    response: 'json',
  },
  deleteGame: {
    method: 'DELETE',
    path: '/api/edit/games/{id}',
    auth: 'admin',
    response: 'empty',
  },
  updatePoster: {
    method: 'PUT',
    path: '/api/edit/games/{id}/poster',
    auth: 'admin',
    upload: 'file',
    response: 'json',
  },
  deleteWriteups: {
    method: 'DELETE',
    path: '/api/edit/games/{id}/writeups',
    auth: 'admin',
    response: 'empty',
  },
  flushScoreboard: {
    method: 'POST',
    path: '/api/edit/games/{id}/scoreboard/flush',
    auth: 'admin',
    response: 'empty',
  },
  // Pennon's (issue #44): the final board of a frozen game, made public after the end.
  revealScoreboard: {
    method: 'POST',
    path: '/api/edit/games/{id}/scoreboard/reveal',
    auth: 'admin',
    response: 'empty',
  },
  // Beyond gzctf-api's 124: client-spec's list names it, and GZ::CTF servers before the scoreboard flush serve it.
  updateAcceptedCounts: {
    method: 'POST',
    path: '/api/edit/games/{id}/challenges/updateaccepted',
    auth: 'admin',
    response: 'empty',
  },
  exportGame: {
    method: 'POST',
    path: '/api/edit/games/{id}/export',
    auth: 'admin',
    response: 'download',
  },
  importGame: {
    method: 'POST',
    path: '/api/edit/games/import',
    auth: 'admin',
    upload: 'file',
    response: 'json',
  },
  hashSalt: {
    method: 'GET',
    path: '/api/edit/games/{id}/hashsalt',
    auth: 'admin',
    response: 'json',
    hidden: true,
  },

  // ---- Notices ----
  createNotice: {
    method: 'POST',
    path: '/api/edit/games/{id}/notices',
    auth: 'admin',
    response: 'json',
  },
  notices: {
    method: 'GET',
    path: '/api/edit/games/{id}/notices',
    auth: 'admin',
    response: 'json',
  },
  updateNotice: {
    method: 'PUT',
    path: '/api/edit/games/{id}/notices/{noticeId}',
    auth: 'admin',
    response: 'json',
  },
  deleteNotice: {
    method: 'DELETE',
    path: '/api/edit/games/{id}/notices/{noticeId}',
    auth: 'admin',
    response: 'empty',
  },

  // ---- Awards and penalties: Pennon's, beyond gzctf-api ----
  createAdjustment: {
    method: 'POST',
    path: '/api/edit/games/{id}/adjustments',
    auth: 'admin',
    response: 'json',
  },
  adjustments: {
    method: 'GET',
    path: '/api/edit/games/{id}/adjustments',
    auth: 'admin',
    response: 'json',
  },
  updateAdjustment: {
    method: 'PUT',
    path: '/api/edit/games/{id}/adjustments/{adjustmentId}',
    auth: 'admin',
    response: 'json',
  },
  deleteAdjustment: {
    method: 'DELETE',
    path: '/api/edit/games/{id}/adjustments/{adjustmentId}',
    auth: 'admin',
    response: 'empty',
  },
  correctVerdict: {
    method: 'PUT',
    path: '/api/edit/games/{id}/submissions/{submissionId}/verdict',
    auth: 'admin',
    response: 'json',
  },
  teamSolves: {
    method: 'GET',
    path: '/api/edit/games/{id}/teams/{teamId}/solves',
    auth: 'admin',
    response: 'json',
  },
  removeTeamSolves: {
    method: 'POST',
    path: '/api/edit/games/{id}/teams/{teamId}/solves/remove',
    auth: 'admin',
    response: 'json',
  },

  // ---- Hints with a cost: Pennon's, beyond gzctf-api ----
  createHint: {
    method: 'POST',
    path: '/api/edit/games/{id}/challenges/{cId}/hints',
    auth: 'admin',
    response: 'json',
  },
  hints: {
    method: 'GET',
    path: '/api/edit/games/{id}/challenges/{cId}/hints',
    auth: 'admin',
    response: 'json',
  },
  updateHint: {
    method: 'PUT',
    path: '/api/edit/games/{id}/challenges/{cId}/hints/{hintId}',
    auth: 'admin',
    response: 'json',
  },
  deleteHint: {
    method: 'DELETE',
    path: '/api/edit/games/{id}/challenges/{cId}/hints/{hintId}',
    auth: 'admin',
    response: 'empty',
  },

  // ---- Divisions ----
  createDivision: {
    method: 'POST',
    path: '/api/edit/games/{id}/divisions',
    auth: 'admin',
    response: 'json',
  },
  divisions: {
    method: 'GET',
    path: '/api/edit/games/{id}/divisions',
    auth: 'admin',
    response: 'json',
  },
  updateDivision: {
    method: 'PUT',
    path: '/api/edit/games/{id}/divisions/{divisionId}',
    auth: 'admin',
    response: 'json',
  },
  deleteDivision: {
    method: 'DELETE',
    path: '/api/edit/games/{id}/divisions/{divisionId}',
    auth: 'admin',
    response: 'empty',
  },

  // ---- Challenges & flags ----
  createChallenge: {
    method: 'POST',
    path: '/api/edit/games/{id}/challenges',
    auth: 'admin',
    response: 'json',
  },
  challenges: {
    method: 'GET',
    path: '/api/edit/games/{id}/challenges',
    auth: 'admin',
    response: 'json',
  },
  challenge: {
    method: 'GET',
    path: '/api/edit/games/{id}/challenges/{cId}',
    auth: 'admin',
    response: 'json',
  },
  updateChallenge: {
    method: 'PUT',
    path: '/api/edit/games/{id}/challenges/{cId}',
    auth: 'admin',
    response: 'json',
  },
  deleteChallenge: {
    method: 'DELETE',
    path: '/api/edit/games/{id}/challenges/{cId}',
    auth: 'admin',
    response: 'empty',
  },
  updateAttachment: {
    method: 'POST',
    path: '/api/edit/games/{id}/challenges/{cId}/attachment',
    auth: 'admin',
    response: 'empty',
  },
  addFlags: {
    method: 'POST',
    path: '/api/edit/games/{id}/challenges/{cId}/flags',
    auth: 'admin',
    response: 'empty',
  },
  deleteFlag: {
    method: 'DELETE',
    path: '/api/edit/games/{id}/challenges/{cId}/flags/{fId}',
    auth: 'admin',
    response: 'json',
  },
  createTestContainer: {
    method: 'POST',
    path: '/api/edit/games/{id}/challenges/{cId}/container',
    auth: 'admin',
    response: 'json',
  },
  deleteTestContainer: {
    method: 'DELETE',
    path: '/api/edit/games/{id}/challenges/{cId}/container',
    auth: 'admin',
    response: 'empty',
  },
});
