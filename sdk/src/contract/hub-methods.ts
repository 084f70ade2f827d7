// The server → client methods of the SignalR hubs (gzctf-api §1.9), by what they carry.
export const HubMethods = {
  notice: 'ReceivedGameNotice',
  /** Pennon's addition (ScoreboardUpdate), sent only to connections that ask for it. */
  scoreboard: 'ReceivedScoreboardUpdate',
  event: 'ReceivedGameEvent',
  submission: 'ReceivedSubmissions',
  log: 'ReceivedLog',
} as const;
