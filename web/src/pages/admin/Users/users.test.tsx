// The admin users page with the SDK's admin calls stubbed.
import { notifications } from '@mantine/notifications';
import type { ProfileUserInfoModel, UserInfoModel } from '@pennon/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProfile as admin, onePage } from '../../../../test/fixtures.ts';
import { LOAD, renderAt } from '../../../../test/render.tsx';
import { client } from '../../../api/client.ts';
import { PAGE_SIZE } from '../lib/usePagedList.ts';

const user = (n: number): UserInfoModel => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  userName: `user${n}`,
  realName: null,
  stdNumber: null,
  phone: null,
  bio: null,
  registerTimeUtc: 0,
  lastVisitedUtc: Date.now(),
  ip: '127.0.0.1',
  email: `user${n}@example.com`,
  avatar: null,
  role: 'User',
  emailConfirmed: true,
});

const TOTAL = PAGE_SIZE + 5;
const everyone = Array.from({ length: TOTAL }, (_, i) => user(i + 1));

const signedInAs = (profile: ProfileUserInfoModel) =>
  vi.spyOn(client.account, 'profile').mockResolvedValue(profile);
const stubUsers = () =>
  vi.spyOn(client.admin, 'users').mockImplementation(({ count = 100, skip = 0 } = {}) => {
    const data = everyone.slice(skip, skip + count);
    return onePage(Promise.resolve({ data, length: data.length, total: TOTAL }));
  });

/** The first render loads the page module and the session: slow on a busy machine. */

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('admin users page', { timeout: 30_000 }, () => {
  it('sends a visitor to sign in, and tells a non-admin the page is for admins', async () => {
    const { router, unmount } = renderAt('/admin/Users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/Login'), LOAD);
    unmount();

    signedInAs({ ...admin, role: 'Monitor' });
    const users = stubUsers();
    renderAt('/admin/Users');
    expect(await screen.findByRole('heading', { name: 'Admins only' }, LOAD)).toBeTruthy();
    expect(users).not.toHaveBeenCalled();
  });

  it('pages through the users and searches them', async () => {
    signedInAs(admin);
    const users = stubUsers();
    const search = vi
      .spyOn(client.admin, 'searchUsers')
      .mockResolvedValue({ data: [user(7)], length: 1, total: 1 });
    renderAt('/admin/Users');
    expect(await screen.findByText('user1', undefined, LOAD)).toBeTruthy();
    expect(screen.getByText(`Total: ${TOTAL}`)).toBeTruthy();
    expect(screen.queryByText(`user${PAGE_SIZE + 1}`)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText(`user${PAGE_SIZE + 1}`)).toBeTruthy();
    expect(users).toHaveBeenLastCalledWith({ count: PAGE_SIZE, skip: PAGE_SIZE });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: ' user7 ' },
    });
    await waitFor(() => expect(search).toHaveBeenCalledWith('user7'));
    await waitFor(() => expect(screen.queryByText(`user${PAGE_SIZE + 1}`)).toBeNull());
    expect(screen.getByText('user7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });

  it('changes a role, but not the signed-in admin’s own', async () => {
    signedInAs(admin);
    vi.spyOn(client.admin, 'users').mockResolvedValue({
      data: [{ ...user(0), id: admin.userId, userName: 'root', role: 'Admin' }, user(1)],
      length: 2,
      total: 2,
    });
    const update = vi.spyOn(client.admin, 'updateUser').mockResolvedValue();
    renderAt('/admin/Users');
    expect(await screen.findByText('user1', undefined, LOAD)).toBeTruthy();
    const own = screen.getByRole('combobox', { name: 'Role of root' });
    expect((own as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('combobox', { name: 'Role of user1' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Monitor' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(user(1).id, { role: 'Monitor' }));
    expect(await screen.findByText('user1 is now Monitor')).toBeTruthy();
  });

  it('resets a password after asking, and shows the new one once', async () => {
    signedInAs(admin);
    vi.spyOn(client.admin, 'users').mockResolvedValue({ data: [user(1)], length: 1, total: 1 });
    const reset = vi.spyOn(client.admin, 'resetPassword').mockResolvedValue('Fresh-Pass-1234');
    renderAt('/admin/Users');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset the password of user1' }, LOAD));
    const ask = await screen.findByRole('dialog', { name: 'Reset the password?' });
    expect(reset).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Reset' }));

    const shown = await screen.findByRole('dialog', { name: 'New password' });
    expect(reset).toHaveBeenCalledWith(user(1).id);
    expect(within(shown).getByText('Fresh-Pass-1234')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy password' })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Fresh-Pass-1234')).toBeNull());
  });

  it('creates a user once the form is valid', async () => {
    signedInAs(admin);
    const users = vi.spyOn(client.admin, 'users').mockResolvedValue({ data: [], length: 0, total: 0 });
    const create = vi.spyOn(client.admin, 'createUsers').mockResolvedValue();
    renderAt('/admin/Users');
    expect(await screen.findByText('No users yet', undefined, LOAD)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a user' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    const type = (label: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type(/^User name/, 'carol');
    type(/^E-mail/, 'carol@example.com');
    type(/^Password/, 'Sturdy-Pass-9');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith([
        {
          userName: 'carol',
          email: 'carol@example.com',
          password: 'Sturdy-Pass-9',
          realName: null,
          stdNumber: null,
          phone: null,
        },
      ]),
    );
    expect(await screen.findByText('carol has been created')).toBeTruthy();
    expect(users.mock.calls.length).toBeGreaterThan(1);
  });
});
