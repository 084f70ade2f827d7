// A new game is hidden: the admin list marks it and publishes it in one click.
import type { GameInfoModel } from '@pennon/sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, onePage } from '../../../../test/fixtures.ts';
import { LOAD, renderAt } from '../../../../test/render.tsx';
import { client } from '../../../api/client.ts';

const draft = {
  id: 4,
  title: 'Winter CTF',
  hidden: true,
  summary: '',
  content: '',
  acceptWithoutReview: false,
  writeupRequired: false,
  inviteCode: null,
  teamMemberCountLimit: 0,
  containerCountLimit: 3,
  poster: null,
  publicKey: 'key',
  practiceMode: true,
  start: Date.parse('2026-12-01T10:00:00Z'),
  end: Date.parse('2026-12-02T10:00:00Z'),
  writeupDeadline: 0,
  writeupNote: '',
  bloodBonus: 52459530,
} satisfies GameInfoModel;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('publishing a game', { timeout: 30_000 }, () => {
  it('shows a Hidden badge and a Publish action that makes the game visible', async () => {
    vi.spyOn(client.account, 'profile').mockResolvedValue(adminProfile);
    let stored: GameInfoModel = draft;
    vi.spyOn(client.edit, 'games').mockImplementation(() =>
      onePage(Promise.resolve({ data: [stored], length: 1, total: 1 })),
    );
    vi.spyOn(client.edit, 'game').mockImplementation(async () => stored);
    const update = vi.spyOn(client.edit, 'updateGame').mockImplementation(async (_id, input) => {
      stored = { ...stored, ...input } as GameInfoModel;
      return stored;
    });
    renderAt('/admin/games');
    expect(await screen.findByText('Hidden', undefined, LOAD)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish Winter CTF' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(4, { ...draft, hidden: false }));
    await waitFor(() => expect(screen.queryByText('Hidden')).toBeNull(), LOAD);
    expect(screen.queryByRole('button', { name: 'Publish Winter CTF' })).toBeNull();
    expect(await screen.findByText('“Winter CTF” is published: players can see it now')).toBeTruthy();
  });
});
