import type { GameInfoModel } from '@pennon/sdk';
import { client } from '../../../../api/client.ts';

/** Makes a hidden game visible to players: its settings saved again as they are now, only `hidden` changed. */
export const publishGame = async (id: number): Promise<GameInfoModel> => {
  const game = await client.edit.game(id);
  return client.edit.updateGame(id, { ...game, hidden: false });
};
