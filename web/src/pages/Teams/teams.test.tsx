// The teams page with the SDK's team calls stubbed.
import { notifications } from '@mantine/notifications';
import { PennonError, type TeamInfoModel } from '@pennon/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerProfile as alice } from '../../../test/fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { client } from '../../api/client.ts';

const bobId = '00000000-0000-4000-8000-000000000002';
const code = 'Gulls:7:0123456789abcdef0123456789abcdef';

const team = (captainId: string): TeamInfoModel => ({
  id: 7,
  name: 'Gulls',
  bio: 'By the sea',
  avatar: null,
  locked: false,
  members: [
    { id: alice.userId, userName: 'alice', bio: null, avatar: null, captain: captainId === alice.userId },
    { id: bobId, userName: 'bob', bio: null, avatar: null, captain: captainId === bobId },
  ],
});

const signedIn = () => vi.spyOn(client.account, 'profile').mockResolvedValue(alice);
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('teams page', () => {
  it('sends a signed-out visitor to log in, coming back with the invite code', async () => {
    const { router } = renderAt(`/Teams?code=${encodeURIComponent(code)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/Login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(
      `/Teams?code=${encodeURIComponent(code)}`,
    );
  });

  it('offers to create or join a team when there is none, and creates one', async () => {
    signedIn();
    const list = vi.spyOn(client.team, 'list').mockResolvedValue([]);
    const create = vi.spyOn(client.team, 'create').mockImplementation(async () => {
      list.mockResolvedValue([team(alice.userId)]);
      return team(alice.userId);
    });
    renderAt('/Teams');
    expect(await screen.findByText('You are not in a team yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join a team' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText('Enter a team name')).toBeTruthy();
    type(/^Team name/, ' Gulls ');
    type(/^Team bio/, 'By the sea');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await screen.findByRole('heading', { name: 'Gulls' })).toBeTruthy();
    expect(create).toHaveBeenCalledWith({ name: 'Gulls', bio: 'By the sea' });
  });

  it("refuses a team name the server's rule refuses, before calling the server", async () => {
    signedIn();
    vi.spyOn(client.team, 'list').mockResolvedValue([]);
    const create = vi.spyOn(client.team, 'create');
    renderAt('/Teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Create team' }));
    const dialog = await screen.findByRole('dialog');
    type(/^Team name/, 'Gu\u200Blls');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText(/cannot contain invisible characters/)).toBeTruthy();
    // Seven ligatures under the limit as typed, 21 letters as the server stores them (NFKC).
    type(/^Team name/, '\uFB03'.repeat(7));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText('A team name has 1 to 20 characters')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('opens the join dialog filled from an invite link, and joins', async () => {
    signedIn();
    const list = vi.spyOn(client.team, 'list').mockResolvedValue([]);
    const accept = vi.spyOn(client.team, 'accept').mockImplementation(async () => {
      list.mockResolvedValue([team(bobId)]);
    });
    const { router } = renderAt(`/Teams?code=${encodeURIComponent(code)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Join a team' });
    expect((within(dialog).getByLabelText(/^Invite code/) as HTMLInputElement).value).toBe(code);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join team' }));
    expect(await screen.findByRole('heading', { name: 'Gulls' })).toBeTruthy();
    expect(accept).toHaveBeenCalledWith(code);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // A member, not the captain: only "Leave".
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove bob from the team' })).toBeNull();
  });

  it('refuses something that is not an invite code before calling the server', async () => {
    signedIn();
    vi.spyOn(client.team, 'list').mockResolvedValue([]);
    const accept = vi.spyOn(client.team, 'accept');
    renderAt('/Teams?code=hello');
    const dialog = await screen.findByRole('dialog', { name: 'Join a team' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join team' }));
    expect(await within(dialog).findByText(/This is not an invite code/)).toBeTruthy();
    expect(accept).not.toHaveBeenCalled();
  });

  it('shows the captain the invite code and link, and kicks a member after confirming', async () => {
    signedIn();
    const list = vi.spyOn(client.team, 'list').mockResolvedValue([team(alice.userId)]);
    vi.spyOn(client.team, 'invite').mockResolvedValue(code);
    const kick = vi.spyOn(client.team, 'kick').mockImplementation(async () => {
      const [only] = team(alice.userId).members ?? [];
      const next = { ...team(alice.userId), members: only ? [only] : [] };
      list.mockResolvedValue([next]);
      return next;
    });
    renderAt('/Teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Show invite code' }));
    expect(((await screen.findByLabelText('Invite code')) as HTMLInputElement).value).toBe(code);
    expect((screen.getByLabelText('Invite link') as HTMLInputElement).value).toBe(
      `${location.origin}/Teams?code=${encodeURIComponent(code)}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove bob from the team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('bob was removed from the team')).toBeTruthy();
    expect(kick).toHaveBeenCalledWith(7, bobId);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove bob from the team' })).toBeNull(),
    );
  });

  it('deletes a team only once its name is typed', async () => {
    signedIn();
    const list = vi.spyOn(client.team, 'list').mockResolvedValue([team(alice.userId)]);
    const remove = vi.spyOn(client.team, 'delete').mockImplementation(async () => {
      list.mockResolvedValue([]);
    });
    renderAt('/Teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Gulls?' });
    const submit = within(dialog).getByRole('button', { name: 'Delete team' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    type('Type “Gulls” to confirm', 'gulls');
    expect(submit.hasAttribute('disabled')).toBe(true);
    type('Type “Gulls” to confirm', 'Gulls');
    fireEvent.click(submit);
    expect(await screen.findByText('You are not in a team yet')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith(7);
  });

  it("shows the server's message when an avatar upload fails", async () => {
    signedIn();
    vi.spyOn(client.team, 'list').mockResolvedValue([team(alice.userId)]);
    vi.spyOn(client.team, 'updateAvatar').mockRejectedValue(
      PennonError.http(404, { title: 'Route PUT:/api/team/7/avatar not found' }),
    );
    const { container } = renderAt('/Teams');
    await screen.findByRole('button', { name: 'Change avatar' });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Route PUT:/api/team/7/avatar not found')).toBeTruthy();
    expect(screen.getByText('Could not update the avatar')).toBeTruthy();
  });

  it('says when the list cannot be loaded', async () => {
    signedIn();
    vi.spyOn(client.team, 'list').mockRejectedValue(PennonError.http(500, { title: 'Database down' }));
    renderAt('/Teams');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database down');
  });
});
