// The server → client methods of the SignalR hubs (gzctf-api §1.9), by what they carry.
/**
 * The names of the methods the SignalR hubs call on a client, by what each carries: notices and
 * scoreboard changes (user hub), events and submissions (monitor hub), log entries (admin hub).
 */
export const HubMethods = {
  notice: 'ReceivedGameNotice',
  /** Pennon's addition (ScoreboardUpdate), sent only to connections that ask for it. */
  scoreboard: 'ReceivedScoreboardUpdate',
  /** Pennon's addition (TeamNotice), sent only to the members of the team it concerns. */
  teamNotice: 'ReceivedTeamNotice',
  event: 'ReceivedGameEvent',
  submission: 'ReceivedSubmissions',
  log: 'ReceivedLog',
} as const;
