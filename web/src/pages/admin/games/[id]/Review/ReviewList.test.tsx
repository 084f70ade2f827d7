// The review list with the SDK stubbed: what the admin's actions send, and what the list shows after.
import { notifications } from '@mantine/notifications';
import { GamePermission, type ParticipationInfoModel } from '@pennon/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client } from '../../../../../api/client.ts';
import { AppProviders } from '../../../../../app/AppProviders.tsx';
import { ReviewList } from './ReviewList.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const member = (userId: string, userName: string) => ({
  userId,
  userName,
  role: 'User' as const,
  email: null,
  bio: null,
  phone: null,
  realName: null,
  stdNumber: null,
  avatar: null,
});

const participation = (
  id: number,
  name: string,
  status: ParticipationInfoModel['status'],
  divisionId: number | null,
): ParticipationInfoModel => {
  const captain = `00000000-0000-4000-8000-00000000000${id % 10}`;
  return {
    id,
    team: {
      id,
      name,
      locked: false,
      captainId: captain,
      bio: `${name} fly **low**`,
      avatar: null,
      members: [member(captain, `${name}-cap`)],
    },
    registeredMembers: [captain],
    divisionId,
    status,
  };
};

const division = (id: number, name: string) => ({
  id,
  name,
  inviteCode: null,
  defaultPermissions: GamePermission.All,
  challengeConfigs: [],
});

const renderList = (list: ParticipationInfoModel[]) => {
  vi.spyOn(client.game, 'participations').mockResolvedValue(list);
  vi.spyOn(client.edit, 'divisions').mockResolvedValue([division(1, 'Students'), division(2, 'Pros')]);
  // The server keeps the change: later loads see it.
  const update = vi.spyOn(client.admin, 'updateParticipation').mockImplementation(async (id, body) => {
    const changed = list.find((p) => p.id === id);
    if (changed) Object.assign(changed, { status: body.status, divisionId: body.divisionId ?? null });
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppProviders env="test">
        <ReviewList gameId={3} />
      </AppProviders>
    </SWRConfig>,
  );
  return update;
};

const card = (team: string) => screen.getByRole('article', { name: team });

describe('participation review', () => {
  it('accepts a pending team, keeping its division', async () => {
    const update = renderList([
      participation(11, 'Gulls', 'Accepted', null),
      participation(12, 'Terns', 'Pending', 1),
    ]);
    // Pending teams come first.
    await waitFor(() =>
      expect(screen.getAllByTestId('participation')[0]?.getAttribute('aria-label')).toBe('Terns'),
    );
    expect(within(card('Terns')).getByTestId('participation-status').textContent).toBe('Awaiting review');
    // The team's bio is Markdown, as on its page.
    await waitFor(() =>
      expect(within(card('Terns')).getByTestId('team-bio').querySelector('strong')?.textContent).toBe('low'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Accept Terns' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(12, { status: 'Accepted', divisionId: 1 }));
    await waitFor(() =>
      expect(within(card('Terns')).getByTestId('participation-status').textContent).toBe('Accepted'),
    );
    // An accepted team can be suspended or rejected, no longer accepted.
    expect(within(card('Terns')).queryByRole('button', { name: 'Accept Terns' })).toBeNull();
    expect(within(card('Terns')).getByRole('button', { name: 'Suspend Terns' })).toBeTruthy();
  }, 20_000);

  it('moves a team to another division without changing its status', async () => {
    const update = renderList([participation(11, 'Gulls', 'Suspended', null)]);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Division of Gulls' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pros' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(11, { status: 'Suspended', divisionId: 2 }));
  }, 20_000);

  it('accepts the selected teams 50 per request, never one request per team', async () => {
    const list = Array.from({ length: 55 }, (_, i) => {
      const p = participation(100 + i, `Team ${i}`, 'Pending', null);
      return { ...p, team: { ...p.team, bio: null } };
    });
    const update = renderList(list);
    const review = vi
      .spyOn(client.admin, 'reviewParticipations')
      .mockImplementation(async ({ ids, status }) => {
        for (const p of list) if (ids.includes(p.id)) p.status = status;
        return { failed: [] };
      });
    await waitFor(() => expect(screen.getAllByTestId('participation')).toHaveLength(55));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Accept 55 teams?' })).getByRole('button', {
        name: 'Accept',
      }),
    );
    expect(await screen.findByText('55 teams updated')).toBeTruthy();
    expect(review.mock.calls.map(([body]) => body.ids.length)).toEqual([50, 5]);
    expect(update).not.toHaveBeenCalled();
  }, 90_000);

  it('filters by status and division', async () => {
    renderList([
      participation(11, 'Gulls', 'Accepted', 2),
      participation(12, 'Terns', 'Pending', 1),
      participation(13, 'Auks', 'Accepted', null),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('participation')).toHaveLength(3));
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Accepted' }));
    await waitFor(() => expect(screen.getAllByTestId('participation')).toHaveLength(2));
    fireEvent.click(screen.getByRole('combobox', { name: 'Division' }));
    fireEvent.click(await screen.findByRole('option', { name: 'No division' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('participation').map((el) => el.getAttribute('aria-label'))).toEqual([
        'Auks',
      ]),
    );
    expect(screen.getByText('Showing 1 of 3')).toBeTruthy();
  }, 20_000);
});
