// The team page and a member's page with the SDK's game and team calls stubbed.
import { type ChallengeInfo, PennonError, type ScoreboardModel, type TeamInfoModel } from '@pennon/sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOAD, renderAt } from '../../../../../../test/render.tsx';
import { client } from '../../../../../api/client.ts';

afterEach(() => vi.restoreAllMocks());

const ternId = '00000000-0000-4000-8000-000000000002';
const challenge = (id: number, title: string, category: ChallengeInfo['category']): ChallengeInfo => ({
  id,
  title,
  category,
  score: 500,
  solved: 1,
  deadline: null,
  bloods: [],
  disableBloodBonus: false,
});
const board: ScoreboardModel = {
  updateTimeUtc: Date.now(),
  bloodBonus: 0,
  timelines: [],
  divisions: [],
  challengeCount: 2,
  challenges: { Misc: [challenge(1, 'Warmup', 'Misc')], Web: [challenge(2, 'Cookie jar', 'Web')] },
  items: [
    {
      id: 7,
      name: 'Gulls',
      bio: 'We fly **low**',
      divisionId: null,
      avatar: null,
      score: 1025,
      rank: 1,
      divisionRank: null,
      lastSubmissionTime: Date.UTC(2026, 10, 20, 11),
      solvedCount: 2,
      solvedChallenges: [
        { id: 2, score: 500, type: 'Normal', userName: 'skipper', time: Date.UTC(2026, 10, 20, 11) },
        { id: 1, score: 525, type: 'FirstBlood', userName: 'tern', time: Date.UTC(2026, 10, 20, 9) },
      ],
    },
  ],
};
const team: TeamInfoModel = {
  id: 7,
  name: 'Gulls',
  bio: 'We fly **low**',
  avatar: null,
  locked: true,
  members: [
    {
      id: ternId,
      userName: 'tern',
      bio: '# Tern\n\nReads *packets*\n\n![gull](https://example.com/gull.png)',
      avatar: null,
      captain: false,
    },
    {
      id: '00000000-0000-4000-8000-000000000001',
      userName: 'skipper',
      bio: null,
      avatar: null,
      captain: true,
    },
  ],
};

const stub = () => {
  vi.spyOn(client.game, 'scoreboard').mockResolvedValue(board);
  vi.spyOn(client.team, 'get').mockResolvedValue(team);
};

describe('team page', () => {
  it('shows members (captain first), rank, score, bloods and the solves in time order', async () => {
    stub();
    const { router } = renderAt('/games/3/teams/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gulls' }, LOAD)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('solve')).toHaveLength(2));
    expect(screen.getAllByTestId('solve').map((node) => node.textContent)).toEqual([
      expect.stringMatching(/^Warmup.*First blood.*525 points · by tern/),
      expect.stringMatching(/^Cookie jar.*500 points · by skipper/),
    ]);
    expect(screen.getAllByTestId('team-member').map((node) => node.textContent)).toEqual([
      expect.stringMatching(/skipperCaptain/),
      expect.stringMatching(/tern/),
    ]);
    expect(screen.getByTestId('team-figures').textContent).toMatch(/#1.*1,025.*2/);
    expect(screen.getByTestId('team-bloods').textContent).toBe('First blood on Warmup');
    await waitFor(
      () => expect(screen.getByTestId('team-bio').querySelector('strong')?.textContent).toBe('low'),
      { timeout: 25_000 },
    );
    // A member's card has one line for the bio: its words, no heading or image.
    const memberBio = screen.getByTestId('member-bio');
    expect(memberBio.textContent).toBe('Tern Reads packets gull');
    expect(memberBio.querySelector('h1, img, em')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'tern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/games/3/teams/7/players/${ternId}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'tern' }, LOAD)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('solve')).toHaveLength(1));
    expect(screen.getByTestId('solve').textContent).toMatch(/^Warmup/);
    expect(screen.getByTestId('player-page').textContent).toContain('Member of Gulls');
    // The member's own page shows the whole bio as Markdown.
    await waitFor(() =>
      expect(screen.getByTestId('player-page').querySelector('em')?.textContent).toBe('packets'),
    );
  }, 60_000);

  it('says when there is no such team', async () => {
    vi.spyOn(client.game, 'scoreboard').mockResolvedValue(board);
    vi.spyOn(client.team, 'get').mockRejectedValue(PennonError.http(404, { title: 'Team not found' }));
    renderAt('/games/3/teams/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team not found' }, LOAD)).toBeTruthy();
  }, 30_000);
});
