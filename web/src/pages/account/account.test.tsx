// The account pages and the header's account corner, with the SDK's account calls stubbed.
import { notifications } from '@mantine/notifications';
import { PennonError, type ProfileUserInfoModel } from '@pennon/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerProfile } from '../../../test/fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { TEST_CONFIG } from '../../../test/setup.ts';
import { client } from '../../api/client.ts';

const alice: ProfileUserInfoModel = { ...playerProfile, bio: 'Hi' };

const unauthorized = () => PennonError.http(401, { title: 'Unauthorized', code: 401 });

/** The profile call answers `user`, or 401 when null. */
const signedInAs = (user: ProfileUserInfoModel | null) =>
  vi
    .spyOn(client.account, 'profile')
    .mockImplementation(async () => (user ? user : Promise.reject(unauthorized())));

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('header', () => {
  it('offers Sign in and Register when signed out', async () => {
    signedInAs(null);
    renderAt('/games');
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/account/Login?from=%2Fgames');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/account/Register');
  });

  it('shows the user menu, with Admin only for admins, and signs out', async () => {
    signedInAs({ ...alice, role: 'Admin' });
    const logout = vi.spyOn(client.account, 'logout').mockResolvedValue();
    renderAt('/games');
    const menu = await screen.findByRole('button', { name: 'Account menu of alice' });
    expect(within(menu).getByText('alice')).toBeTruthy();
    fireEvent.click(menu);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Admin' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('link', { name: 'Sign in' });
    expect(logout).toHaveBeenCalledOnce();
  });

  it('has no Admin link for a plain user', async () => {
    signedInAs(alice);
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu of alice' }));
    await screen.findByRole('menuitem', { name: 'Profile' });
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
  });

  it('signs a banned user out with a notice', async () => {
    vi.spyOn(client.account, 'profile').mockRejectedValue(PennonError.http(403, { title: 'Forbidden' }));
    const logout = vi.spyOn(client.account, 'logout').mockResolvedValue();
    renderAt('/');
    expect(await screen.findByText('Account banned')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(logout).toHaveBeenCalled();
  });
});

describe('login page', () => {
  it('asks for both fields before calling the server', async () => {
    signedInAs(null);
    const login = vi.spyOn(client.signIn, 'password');
    renderAt('/account/Login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your user name or e-mail')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(screen.getByLabelText(/User name or e-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();
  });

  it.each([
    [false, 0],
    [true, 1],
    [undefined, 1],
  ])('shows "Forgot password?" only where a reset can be mailed (%s)', async (passwordRecovery, links) => {
    signedInAs(null);
    vi.spyOn(client.info, 'config').mockResolvedValue({
      ...TEST_CONFIG,
      portMapping: 'Default',
      passwordRecovery,
    });
    renderAt('/account/Login');
    await screen.findByRole('heading', { name: 'Sign In' });
    await waitFor(() => expect(client.info.config).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryAllByRole('link', { name: 'Forgot password?' })).toHaveLength(links),
    );
  });

  it("shows the server's message when the credentials are wrong", async () => {
    signedInAs(null);
    vi.spyOn(client.signIn, 'password').mockRejectedValue(
      PennonError.http(401, { title: 'The user name or password is incorrect' }),
    );
    renderAt('/account/Login');
    await screen.findByRole('heading', { name: 'Sign In' });
    type(/User name or e-mail/, 'alice');
    type(/^Password/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The user name or password is incorrect');
  });

  it('signs in and goes to a same-origin `from`, ignoring others', async () => {
    const profile = signedInAs(null);
    vi.spyOn(client.signIn, 'password').mockImplementation(async () => {
      profile.mockResolvedValue(alice);
      return { status: 'SignedIn', factors: [] };
    });
    const { router } = renderAt('/account/Login?from=%2Fgames%3Fx%3D1');
    await screen.findByRole('heading', { name: 'Sign In' });
    type(/User name or e-mail/, ' alice ');
    type(/^Password/, 'Secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/games'));
    expect(router.state.location.search).toBe('?x=1');
    expect(client.signIn.password).toHaveBeenCalledWith({ userName: 'alice', password: 'Secret1' });
    expect(await screen.findByRole('button', { name: 'Account menu of alice' })).toBeTruthy();
  });

  it('asks for the second factor after the password, then signs in', async () => {
    const profile = signedInAs(null);
    vi.spyOn(client.signIn, 'password').mockResolvedValue({
      status: 'SecondFactorRequired',
      factors: ['Totp', 'RecoveryCode'],
    });
    const code = vi
      .spyOn(client.signIn, 'code')
      .mockRejectedValueOnce(PennonError.http(401, { title: 'The code is not correct' }))
      .mockImplementation(async () => {
        profile.mockResolvedValue(alice);
        return { status: 'SignedIn', factors: [] };
      });
    const { router } = renderAt('/account/Login');
    await screen.findByRole('heading', { name: 'Sign In' });
    type(/User name or e-mail/, 'alice');
    type(/^Password/, 'Secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByLabelText(/^Authenticator code/);
    type(/^Authenticator code/, '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The code is not correct');

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    type(/^Recovery code/, 'abcd-efgh');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(code).toHaveBeenLastCalledWith({ kind: 'RecoveryCode', code: 'abcd-efgh' });
  });

  it("shows the providers' buttons, and no password form where passwords are off", async () => {
    signedInAs(null);
    vi.spyOn(client.signIn, 'methods').mockResolvedValue({
      password: false,
      passwordRegistration: false,
      providers: [{ id: 'campus', name: 'Campus ID', iconUrl: null }],
    });
    renderAt('/account/Login');
    expect(await screen.findByRole('button', { name: 'Sign in with Campus ID' })).toBeTruthy();
    expect(screen.queryByLabelText(/User name or e-mail/)).toBeNull();
  });

  it('leaves at once when already signed in, never to another site', async () => {
    signedInAs(alice);
    const { router } = renderAt('/account/Login?from=//evil.example/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('register page', () => {
  it('checks the fields and lists the password rules', async () => {
    signedInAs(null);
    const register = vi.spyOn(client.account, 'register');
    renderAt('/account/Register');
    await screen.findByRole('heading', { name: 'Register' });
    type(/^User name/, 'al');
    type(/^E-mail/, 'not-an-address');
    type(/^Password/, 'abcdef');
    type(/^Confirm password/, 'abcdeg');
    expect(screen.getByText('At least 6 characters').textContent).toContain('(met)');
    expect(screen.getByText('An upper-case letter').textContent).toContain('(not met)');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('A user name has 3 to 15 characters')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('The password does not meet all the rules below')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it.each([
    ['bob\u202Eevil', 'A user name cannot contain characters that change the direction of text'],
    ['ad\u200Bmin', 'A user name cannot contain invisible characters, such as zero-width spaces'],
    ['bob\u0007', 'A user name cannot contain control characters'],
    ['bob ', 'A user name cannot begin or end with a space'],
  ])('says why the user name %j is refused', async (name, reason) => {
    signedInAs(null);
    const register = vi.spyOn(client.account, 'register');
    renderAt('/account/Register');
    await screen.findByRole('heading', { name: 'Register' });
    type(/^User name/, name);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  const fillValid = () => {
    type(/^User name/, 'bob');
    type(/^E-mail/, 'bob@example.com');
    type(/^Password/, 'Secret12');
    type(/^Confirm password/, 'Secret12');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  };

  it('says when an administrator must activate the account', async () => {
    signedInAs(null);
    vi.spyOn(client.account, 'register').mockResolvedValue({
      title: 'ok',
      data: 'AdminConfirmationRequired',
      status: 200,
    });
    renderAt('/account/Register');
    await screen.findByRole('heading', { name: 'Register' });
    fillValid();
    expect(await screen.findByText('Waiting for an administrator')).toBeTruthy();
    expect(client.account.register).toHaveBeenCalledWith({
      userName: 'bob',
      email: 'bob@example.com',
      password: 'Secret12',
    });
  });

  it('asks to check the e-mail when it must be confirmed', async () => {
    signedInAs(null);
    vi.spyOn(client.account, 'register').mockResolvedValue({
      title: 'ok',
      data: 'EmailConfirmationRequired',
      status: 200,
    });
    renderAt('/account/Register');
    await screen.findByRole('heading', { name: 'Register' });
    fillValid();
    expect(await screen.findByText('Check your e-mail')).toBeTruthy();
    expect(screen.getByText(/bob@example\.com/)).toBeTruthy();
  });

  it('signs in and goes home when the account is active at once', async () => {
    const profile = signedInAs(null);
    vi.spyOn(client.account, 'register').mockImplementation(async () => {
      profile.mockResolvedValue({ ...alice, userName: 'bob' });
      return { title: 'ok', data: 'LoggedIn', status: 200 };
    });
    const { router } = renderAt('/account/Register');
    await screen.findByRole('heading', { name: 'Register' });
    fillValid();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Account menu of bob' })).toBeTruthy();
  });

  it("shows the server's error", async () => {
    signedInAs(null);
    vi.spyOn(client.account, 'register').mockRejectedValue(
      PennonError.http(400, { title: 'The user name "bob" is already taken' }),
    );
    renderAt('/account/Register');
    await screen.findByRole('heading', { name: 'Register' });
    fillValid();
    expect((await screen.findByRole('alert')).textContent).toContain('is already taken');
  });
});

describe('provider sign-in page', () => {
  it('explains a refused consent, and a reason it does not know', async () => {
    signedInAs(null);
    const { unmount } = renderAt('/account/External?error=refused');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You did not allow this platform to use your account at the provider',
    );
    unmount();
    renderAt('/account/External?error=%3Cscript%3E');
    expect((await screen.findByRole('alert')).textContent).toContain('The sign-in could not be finished');
  });

  it('creates the account under the proposed name, which may be changed', async () => {
    const profile = signedInAs(null);
    vi.spyOn(client.signIn, 'external').mockResolvedValue({
      provider: { id: 'campus', name: 'Campus ID', iconUrl: null },
      email: 'bob@campus.example',
      proposedUserName: 'bob',
      canRegister: true,
      existingAccount: false,
    });
    const register = vi.spyOn(client.signIn, 'externalRegister').mockImplementation(async () => {
      profile.mockResolvedValue(alice);
      return { status: 'SignedIn', factors: [] };
    });
    const { router } = renderAt('/account/External');
    const form = within(await screen.findByRole('form', { name: 'New account with Campus ID' }));
    const name = form.getByLabelText(/^User name/) as HTMLInputElement;
    expect(name.value).toBe('bob');
    fireEvent.change(name, { target: { value: 'bobby' } });
    fireEvent.click(form.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(register).toHaveBeenCalledWith({ userName: 'bobby' });
  });
});

describe('profile page', () => {
  it('sends a signed-out visitor to the login page and back', async () => {
    signedInAs(null);
    const { router } = renderAt('/account/Profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/Login'));
    expect(router.state.location.search).toBe('?from=%2Faccount%2FProfile');
  });

  it('saves the profile', async () => {
    signedInAs(alice);
    const update = vi.spyOn(client.account, 'updateProfile').mockResolvedValue();
    renderAt('/account/Profile');
    const bio = await screen.findByLabelText(/^Bio/);
    expect((bio as HTMLTextAreaElement).value).toBe('Hi');
    fireEvent.change(bio, { target: { value: 'Pwn all the things' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        userName: 'alice',
        realName: '',
        phone: null,
        stdNumber: '',
        bio: 'Pwn all the things',
      }),
    );
    expect(await screen.findByText('Your profile has been saved')).toBeTruthy();
  });

  it('says why a new user name is refused', async () => {
    signedInAs(alice);
    const update = vi.spyOn(client.account, 'updateProfile').mockResolvedValue();
    renderAt('/account/Profile');
    await screen.findByLabelText(/^Bio/);
    type(/^User name/, ' alice');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('A user name cannot begin or end with a space')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('checks the new password before changing it, and reports a rate limit', async () => {
    signedInAs(alice);
    const change = vi
      .spyOn(client.account, 'changePassword')
      .mockRejectedValue(PennonError.http(429, { title: 'Retry in 60 s', retryAfter: 60 }));
    renderAt('/account/Profile');
    await screen.findByRole('heading', { name: 'Change password', level: 2 });
    type(/^Current password/, 'Secret12');
    type(/^New password/, 'weak');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password does not meet all the rules below')).toBeTruthy();
    expect(change).not.toHaveBeenCalled();

    type(/^New password/, 'Better123');
    type(/^Confirm password/, 'Better123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Too many requests, please try again later')).toBeTruthy();
    expect(change).toHaveBeenCalledWith({ old: 'Secret12', new: 'Better123' });
  });
});
