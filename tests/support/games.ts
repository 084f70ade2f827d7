// Games the end-to-end tests play in, made through the SDK as an organiser would.
import type { createNodeClient } from '@pennon/sdk/node';

type Client = ReturnType<typeof createNodeClient>;
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
