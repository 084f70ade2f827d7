// The browser tab names the page, its game and the platform; the admin's footer shows on every page.
import type { DetailedGameInfoModel } from '@pennon/sdk';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOAD, renderAt } from '../../test/render.tsx';
import { TEST_CONFIG } from '../../test/setup.ts';
import { client } from '../api/client.ts';

const game = {
  id: 3,
  title: 'Winter CTF',
  hidden: false,
  start: 0,
  end: 1,
  divisions: [],
} as unknown as DetailedGameInfoModel;
const ternId = '00000000-0000-4000-8000-000000000002';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tab titles', { timeout: 30_000 }, () => {
  it.each([
    ['/games/3/Scoreboard', 'Scoreboard · Winter CTF · Test'],
    ['/games/3/Challenges', 'Challenges · Winter CTF · Test'],
    ['/games/3', 'Winter CTF · Test'],
    ['/About', 'About · Test'],
    ['/games', 'Games · Test'],
    ['/', 'Test'],
    ['/no/such/page', 'Page not found · Test'],
  ])('%s reads "%s"', async (path, title) => {
    vi.spyOn(client.game, 'get').mockResolvedValue(game);
    renderAt(path);
    await waitFor(() => expect(document.title).toBe(title), LOAD);
  });

  it('names a team page and a player page by the team and player, then the game', async () => {
    vi.spyOn(client.game, 'get').mockResolvedValue(game);
    vi.spyOn(client.game, 'scoreboard').mockRejectedValue(new Error('offline'));
    vi.spyOn(client.team, 'get').mockResolvedValue({
      id: 7,
      name: 'Gulls',
      bio: null,
      avatar: null,
      locked: false,
      members: [{ id: ternId, userName: 'tern', bio: null, avatar: null, captain: true }],
    });
    const { unmount } = renderAt('/games/3/teams/7');
    await waitFor(() => expect(document.title).toBe('Gulls · Winter CTF · Test'), LOAD);
    unmount();
    renderAt(`/games/3/teams/7/players/${ternId}`);
    await waitFor(() => expect(document.title).toBe('tern · Gulls · Winter CTF · Test'), LOAD);
  });

  it('names a post page "Posts" while the post loads, then by its title', async () => {
    let answer: (post: Awaited<ReturnType<typeof client.info.post>>) => void = () => {};
    vi.spyOn(client.info, 'post').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/posts/abc');
    await waitFor(() => expect(document.title).toBe('Posts · Test'), LOAD);
    answer({
      id: 'abc',
      title: 'Harbour rules',
      summary: '',
      content: 'Be kind.',
      isPinned: false,
      tags: null,
      authorAvatar: null,
      authorName: 'admin',
      time: Date.UTC(2026, 10, 20),
    });
    await waitFor(() => expect(document.title).toBe('Harbour rules · Test'), LOAD);
  });

  it('show the platform title as configured, with no "::CTF" appended', async () => {
    renderAt('/About');
    expect(await screen.findByRole('link', { name: 'Test' }, LOAD)).toBeTruthy();
    expect(document.body.textContent).not.toContain('::CTF');
  });
});

describe('footer', { timeout: 30_000 }, () => {
  it("renders the admin's footer as sanitised Markdown on every page", async () => {
    vi.spyOn(client.info, 'config').mockResolvedValue({
      ...TEST_CONFIG,
      footerInfo:
        'Run by **the harbour club** · [rules](https://example.com/rules)<img src=x onerror="alert(1)">',
    } as Awaited<ReturnType<typeof client.info.config>>);
    for (const path of ['/About', '/games']) {
      const { unmount } = renderAt(path);
      const footer = await screen.findByTestId('site-footer', undefined, LOAD);
      await waitFor(() => expect(footer.querySelector('strong')?.textContent).toBe('the harbour club'), LOAD);
      expect(footer.querySelector('a')?.getAttribute('href')).toBe('https://example.com/rules');
      expect(footer.innerHTML).not.toContain('onerror');
      unmount();
    }
  });

  it('is left out when no footer is set', async () => {
    renderAt('/About');
    await screen.findByRole('heading', { name: 'About' }, LOAD);
    expect(screen.queryByTestId('site-footer')).toBeNull();
  });
});
