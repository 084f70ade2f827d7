// Games the end-to-end tests play in, made through the SDK as an organiser and its players would.
import type { createNodeClient } from '@pennon/sdk/node';
import { playerWithTeam } from './platform.ts';

type Client = ReturnType<typeof createNodeClient>;
type ChallengeInfo = Parameters<Client['edit']['createChallenge']>[1];
type GameInfo = Parameters<Client['edit']['updateGame']>[1];

/** A game under way (started an hour ago, ends in a day) that accepts teams without review; answers its id. */
export const createRunningGame = async (
  admin: Client,
  title: string,
  extra: Omit<Partial<GameInfo>, 'title' | 'start' | 'end'> = {},
): Promise<number> => {
  const now = Date.now();
  const window = { start: now - 3600_000, end: now + 24 * 3600_000 };
  const { id } = await admin.edit.createGame({ title, ...window });
  await admin.edit.updateGame(id, { title, acceptWithoutReview: true, ...extra, ...window });
  return id;
};

/** Adds a static challenge with the one `flag`, enabled unless `enabled` is false (e.g. for the organiser to enable
 * from its page); answers its id. */
export const addChallenge = async (
  admin: Client,
  gameId: number,
  title: string,
  flag: string,
  { category = 'Misc', enabled = true }: { category?: ChallengeInfo['category']; enabled?: boolean } = {},
): Promise<number> => {
  const { id } = await admin.edit.createChallenge(gameId, { title, category, type: 'StaticAttachment' });
  await admin.edit.addFlags(gameId, id, [{ flag }]);
  if (enabled) await admin.edit.updateChallenge(gameId, id, { isEnabled: true });
  return id;
};

/** Registers a player with their own team and joins the team to the game (accepted without review). */
export const teamInGame = async (
  serverUrl: string,
  gameId: number,
  name: string,
  password: string,
  teamName?: string,
): ReturnType<typeof playerWithTeam> => {
  const player = await playerWithTeam(serverUrl, name, password, teamName);
  await player.client.game.join(gameId, { teamId: player.teamId });
  return player;
};

/** Submits `flag` and asks after it until it is judged, as the client's poll does; answers the verdict. */
export const judged = async (client: Client, gameId: number, challengeId: number, flag: string) => {
  const id = await client.game.submit(gameId, challengeId, flag);
  let status = await client.game.submissionStatus(gameId, challengeId, id);
  while (status === 'FlagSubmitted') status = await client.game.submissionStatus(gameId, challengeId, id);
  return status;
};
