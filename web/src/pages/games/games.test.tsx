// The games list with the SDK's game calls stubbed: phase filters, search, and the caller's participation.
import {
  type BasicGameInfoModel,
  type DetailedGameInfoModel,
  type ParticipationStatus,
  PennonError,
} from '@pennon/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerProfile as alice } from '../../../test/fixtures.ts';
import { LOAD, renderAt } from '../../../test/render.tsx';
import { client } from '../../api/client.ts';

afterEach(() => vi.restoreAllMocks());

const hour = 3600_000;
const now = Date.now();
const game = (id: number, title: string, start: number, end: number): BasicGameInfoModel => ({
  id,
  title,
  summary: `${title} summary`,
  poster: null,
  limit: 0,
  start,
  end,
});
const games = [
  game(1, 'Harbour Cup', now - hour, now + hour),
  game(2, 'Winter Finals', now + 24 * hour, now + 48 * hour),
  game(3, 'Autumn Quals', now - 48 * hour, now - 24 * hour),
];
const statuses: Record<number, ParticipationStatus> = { 1: 'Accepted', 2: 'Pending', 3: 'Unsubmitted' };

const stubGames = () => {
  vi.spyOn(client.game, 'list').mockResolvedValue({ data: games, length: games.length, total: games.length });
  vi.spyOn(client.game, 'get').mockImplementation(async (id: number) => {
    const basic = games.find((item) => item.id === id) as BasicGameInfoModel;
    return {
      ...basic,
      content: '',
      hidden: false,
      divisions: null,
      inviteCodeRequired: false,
      writeupRequired: false,
      teamCount: 1,
      division: null,
      teamName: null,
      practiceMode: false,
      status: statuses[id] ?? 'Unsubmitted',
    } as DetailedGameInfoModel;
  });
};

const titles = () =>
  screen.queryAllByTestId('game-card').map((card) => within(card).getByRole('heading').textContent);

describe('games list', () => {
  it('filters by phase and searches title and summary, in the address', async () => {
    stubGames();
    const { router } = renderAt('/games');
    await screen.findAllByTestId('game-card', {}, LOAD);
    await waitFor(() => expect(titles()).toEqual(['Harbour Cup', 'Winter Finals', 'Autumn Quals']));
    fireEvent.click(screen.getByRole('radio', { name: 'Upcoming' }));
    await waitFor(() => expect(titles()).toEqual(['Winter Finals']));
    expect(router.state.location.search).toBe('?phase=upcoming');
    fireEvent.click(screen.getByRole('radio', { name: 'Ended' }));
    await waitFor(() => expect(titles()).toEqual(['Autumn Quals']));
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    fireEvent.change(screen.getByLabelText('Search games'), { target: { value: 'harbour' } });
    await waitFor(() => expect(titles()).toEqual(['Harbour Cup']));
    fireEvent.change(screen.getByLabelText('Search games'), { target: { value: 'no such game' } });
    expect(await screen.findByTestId('games-none-found')).toBeTruthy();
  }, 20_000);

  it('says "You joined" only for an accepted team, "Awaiting review" before', async () => {
    vi.spyOn(client.account, 'profile').mockResolvedValue(alice);
    stubGames();
    renderAt('/games');
    await screen.findAllByTestId('game-card', {}, LOAD);
    await waitFor(() => expect(screen.getAllByTestId('participation-marker')).toHaveLength(2), {
      ...LOAD,
    });
    const marker = (title: string) =>
      within(
        screen.getByRole('heading', { name: title }).closest('[data-testid="game-card"]') as HTMLElement,
      ).queryByTestId('participation-marker')?.textContent ?? null;
    expect(marker('Harbour Cup')).toBe('You joined');
    expect(marker('Winter Finals')).toBe('Awaiting review');
    expect(marker('Autumn Quals')).toBeNull();
  }, 20_000);

  it('says "slow down" when the list is refused with 429, and loads it by itself after Retry-After', async () => {
    stubGames();
    const list = vi.mocked(client.game.list);
    list.mockRejectedValueOnce(PennonError.http(429, { title: 'Too many requests', retryAfter: 1 }));
    renderAt('/games');
    expect((await screen.findByRole('status', {}, LOAD)).textContent).toContain('Slow down');
    await screen.findAllByTestId('game-card', {}, LOAD);
    expect(screen.queryByText('Slow down', { exact: false })).toBeNull();
    // Retried once, when the count-down ended: not also by SWR's own retry before the wait was over.
    expect(list).toHaveBeenCalledTimes(2);
  }, 20_000);
});
