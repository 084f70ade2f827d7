// The pages reached from mailed links (recovery, reset, verify, e-mail change), with the SDK stubbed.
import { notifications } from '@mantine/notifications';
import { PennonError } from '@pennon/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerProfile as alice } from '../../../test/fixtures.ts';
import { renderAt } from '../../../test/render.tsx';
import { client } from '../../api/client.ts';

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('recovery page', () => {
  it('sends the link and says so without telling whether the address exists', async () => {
    const recover = vi.spyOn(client.account, 'recover').mockResolvedValue({ title: 'sent', status: 200 });
    renderAt('/account/Recovery');
    await screen.findByRole('heading', { name: 'Account Recovery' });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    type(/^E-mail/, ' alice@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If alice@example.com belongs to an account/)).toBeTruthy();
    expect(recover).toHaveBeenCalledWith({ email: 'alice@example.com' });
  });

  it("shows the server's error", async () => {
    vi.spyOn(client.account, 'recover').mockRejectedValue(
      PennonError.http(400, { title: 'Ask an administrator to reset your password' }),
    );
    renderAt('/account/Recovery');
    await screen.findByRole('heading', { name: 'Account Recovery' });
    type(/^E-mail/, 'alice@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Ask an administrator');
  });
});

describe('reset page', () => {
  it('says so when the link lacks its values', async () => {
    renderAt('/account/Reset?token=abc');
    expect(await screen.findByText('This link is incomplete')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/account/Recovery',
    );
  });

  it('sends the base64 values back as they are, then offers to sign in', async () => {
    const reset = vi.spyOn(client.account, 'resetPassword').mockResolvedValue();
    renderAt('/account/Reset?token=ab+c/d==&email=YUBiLmM%3D');
    await screen.findByRole('heading', { name: 'Reset Password' });
    type(/^New password/, 'weak');
    type(/^Confirm password/, 'weak');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The password does not meet all the rules below')).toBeTruthy();
    type(/^New password/, 'Strong123');
    type(/^Confirm password/, 'Strong123');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(reset).toHaveBeenCalledWith({ password: 'Strong123', email: 'YUBiLmM=', rToken: 'ab+c/d==' });
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/Login');
  });
});

describe('verify page', () => {
  it('verifies once and continues signed in', async () => {
    const profile = vi
      .spyOn(client.account, 'profile')
      .mockRejectedValue(PennonError.http(401, { title: 'Unauthorized' }));
    const verify = vi.spyOn(client.account, 'verify').mockImplementation(async () => {
      profile.mockResolvedValue(alice);
    });
    renderAt('/account/Verify?token=t0k+n&email=ZW1haWw=');
    expect(await screen.findByText('E-mail verified')).toBeTruthy();
    expect(verify).toHaveBeenCalledOnce();
    expect(verify).toHaveBeenCalledWith({ token: 't0k+n', email: 'ZW1haWw=' });
    expect(await screen.findByRole('button', { name: 'Account menu of alice' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/');
  });

  it("shows the server's error", async () => {
    vi.spyOn(client.account, 'verify').mockRejectedValue(
      PennonError.http(401, { title: 'The link is invalid or has expired' }),
    );
    renderAt('/account/Verify?token=t&email=e');
    expect((await screen.findByRole('alert')).textContent).toContain('The link is invalid or has expired');
  });

  it('says so when the link lacks its values', async () => {
    const verify = vi.spyOn(client.account, 'verify');
    renderAt('/account/Verify');
    expect(await screen.findByText('This link is incomplete')).toBeTruthy();
    expect(verify).not.toHaveBeenCalled();
  });
});

describe('e-mail change confirm page', () => {
  it('sends a signed-out visitor to log in first', async () => {
    const confirm = vi.spyOn(client.account, 'confirmEmailChange');
    const { router } = renderAt('/account/Confirm?token=t&email=e');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/Login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(
      '/account/Confirm?token=t&email=e',
    );
    expect(confirm).not.toHaveBeenCalled();
  });

  it('confirms once when signed in', async () => {
    vi.spyOn(client.account, 'profile').mockResolvedValue(alice);
    const confirm = vi.spyOn(client.account, 'confirmEmailChange').mockResolvedValue();
    renderAt('/account/Confirm?token=t&email=e');
    expect(await screen.findByText('E-mail address changed')).toBeTruthy();
    expect(confirm).toHaveBeenCalledOnce();
    expect(confirm).toHaveBeenCalledWith({ token: 't', email: 'e' });
  });
});
