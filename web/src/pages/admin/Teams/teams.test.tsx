// The admin teams page with the SDK's admin calls stubbed.
import { notifications } from '@mantine/notifications';
import type { TeamInfoModel } from '@pennon/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProfile as admin } from '../../../../test/fixtures.ts';
import { LOAD, renderAt } from '../../../../test/render.tsx';
import { client } from '../../../api/client.ts';

const gulls: TeamInfoModel = {
  id: 7,
  name: 'Gulls',
  bio: '# By the *sea*',
  avatar: null,
  locked: false,
  members: [{ id: admin.userId, userName: 'alice', bio: null, avatar: null, captain: true }],
};

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('admin teams page', { timeout: 30_000 }, () => {
  it('locks a team from its edit dialog', async () => {
    vi.spyOn(client.account, 'profile').mockResolvedValue(admin);
    const teams = vi.spyOn(client.admin, 'teams').mockResolvedValue({ data: [gulls], length: 1, total: 1 });
    const update = vi.spyOn(client.admin, 'updateTeam').mockImplementation(async () => {
      teams.mockResolvedValue({ data: [{ ...gulls, locked: true }], length: 1, total: 1 });
    });
    renderAt('/admin/Teams');
    expect(await screen.findByText('Captain: alice', undefined, LOAD)).toBeTruthy();
    // The bio has one line in the table: its words, not its Markdown.
    expect(screen.getByText('By the sea')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Gulls' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit team Gulls' });
    fireEvent.click(within(dialog).getByRole('switch', { name: /^Locked/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(7, { name: 'Gulls', bio: '# By the *sea*', locked: true }),
    );
    expect(await screen.findByText('Locked')).toBeTruthy();
  });

  it('deletes a team only once confirmed', async () => {
    vi.spyOn(client.account, 'profile').mockResolvedValue(admin);
    const teams = vi.spyOn(client.admin, 'teams').mockResolvedValue({ data: [gulls], length: 1, total: 1 });
    const remove = vi.spyOn(client.admin, 'deleteTeam').mockImplementation(async () => {
      teams.mockResolvedValue({ data: [], length: 0, total: 0 });
    });
    renderAt('/admin/Teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Gulls' }, LOAD));
    const ask = await screen.findByRole('dialog', { name: 'Delete the team?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Gulls' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete the team?' })).getByRole('button', {
        name: 'Delete team',
      }),
    );
    expect(await screen.findByText('No teams yet')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith(7);
  });
});
