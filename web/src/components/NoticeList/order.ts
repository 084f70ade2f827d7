import type { GameNotice } from '@pennon/sdk';

/** Organisers' announcements before the system notices (bloods, new challenges and hints). */
const group = (notice: GameNotice): number => (notice.type === 'Normal' ? 0 : 1);

/**
 * The one order of a game's notices, for the web client and the widgets alike: the organisers' announcements
 * first, then the system notices, each newest first (as the server lists them), so a notice pushed live lands
 * where a reload would put it.
 */
export const orderNotices = (notices: readonly GameNotice[]): GameNotice[] =>
  [...notices].sort((a, b) => group(a) - group(b) || b.time - a.time || b.id - a.id);
