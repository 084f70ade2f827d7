// The scoreboard page as the end-to-end tests read it, and a busy game for its layout tests: many challenges and ten
// teams that have scored (ranked by how many they solved), one that has not, names up to the 20 characters a team
// name may have. The game began three days ago and every solve is from the last minutes: the activity is in the
// last hour.
import { createNodeClient } from '@pennon/sdk/node';
import type { Page } from 'puppeteer-core';
import { waitForValue } from './ui.ts';

type Client = ReturnType<typeof createNodeClient>;

export const TEAM_NAMES = [
  'MMMM Wharf Wanderers',
  'Harbourmasters Guild',
  'Gulls',
  'Lighthouse Keepers X',
  'Tugboat Operators',
  'Quayside Queens',
  'Bollard Brigade',
  'Anchor Aweigh Again',
  'Knots',
  'Dockside Decoders',
  'Late Arrivals',
] as const;

/** The scoreboard page's rows, in the browser: team name and score, in the order shown. */
const scoreboardRows = () =>
  [...document.querySelectorAll('[data-testid="scoreboard"] tbody tr')].map((tr) => [
    tr.querySelector('[data-testid="team-name"]')?.textContent ?? '',
    tr.querySelector('td:nth-child(3)')?.textContent ?? '',
  ]);

/** Waits until the scoreboard page shows exactly these rows (team name, score), in this order. */
export const scoreboardShows = (page: Page, expected: string[][]) =>
  waitForValue(page, scoreboardRows, expected);

const CHALLENGES = 18;
const flagOf = (index: number) => `flag{busy_quay_${index}}`;

/** Creates the game through the SDK as an organiser and players would; answers its id. */
export const createBusyGame = async (serverUrl: string, admin: Client): Promise<number> => {
  const now = Date.now();
  const window = { start: now - 72 * 3600_000, end: now + 24 * 3600_000 };
  const title = 'Busy Quay Cup';
  const { id: gameId } = await admin.edit.createGame({ title, ...window });
  await admin.edit.updateGame(gameId, { title, acceptWithoutReview: true, ...window });
  const challenges: number[] = [];
  for (let index = 0; index < CHALLENGES; index += 1) {
    const { id } = await admin.edit.createChallenge(gameId, {
      title: `Mooring puzzle number ${index + 1}`,
      category: ['Web', 'Crypto', 'Pwn', 'Misc'][index % 4] as 'Web',
      type: 'StaticAttachment',
    });
    await admin.edit.addFlags(gameId, id, [{ flag: flagOf(index) }]);
    await admin.edit.updateChallenge(gameId, id, { isEnabled: true });
    challenges.push(id);
  }
  for (const [rank, name] of TEAM_NAMES.entries()) {
    const player = createNodeClient({ baseUrl: serverUrl });
    const userName = `sailor${rank}`;
    await player.account.register({ userName, email: `${userName}@example.com`, password: 'Harbour2024x' });
    const team = await player.team.create({ name });
    await player.game.join(gameId, { teamId: team.id });
    // The last team scores nothing; the others solve fewer the lower they rank.
    const solves = rank === TEAM_NAMES.length - 1 ? 0 : CHALLENGES - rank;
    for (let index = 0; index < solves; index += 1) {
      const challengeId = challenges[index] as number;
      const submission = await player.game.submit(gameId, challengeId, flagOf(index));
      for (
        let tries = 0;
        (await player.game.submissionStatus(gameId, challengeId, submission)) !== 'Accepted';
      ) {
        tries += 1;
        if (tries > 100) throw new Error(`Submission ${submission} was not accepted`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
  return gameId;
};
