// The admin settings page with the SDK's admin calls stubbed; the header reads the public configuration.
import { notifications } from '@mantine/notifications';
import type { ConfigEditModel } from '@pennon/sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProfile as admin } from '../../../../test/fixtures.ts';
import { LOAD, renderAt } from '../../../../test/render.tsx';
import { client } from '../../../api/client.ts';

const stored: ConfigEditModel = {
  globalConfig: {
    title: 'Test',
    slogan: 'Flags fly here',
    description: null,
    footerInfo: null,
    customTheme: null,
    apiEncryption: false,
    logoHash: null,
    faviconHash: null,
  },
  accountPolicy: {
    allowRegister: true,
    activeOnRegister: true,
    useCaptcha: false,
    emailConfirmationRequired: false,
    emailDomainList: '',
  },
  containerPolicy: {
    autoDestroyOnLimitReached: false,
    maxExerciseContainerCountPerUser: 1,
    defaultLifetime: 120,
    extensionDuration: 120,
    renewalWindow: 10,
  },
};

const open = () => {
  vi.spyOn(client.account, 'profile').mockResolvedValue(admin);
  vi.spyOn(client.admin, 'config').mockResolvedValue(structuredClone(stored));
  vi.spyOn(client.info, 'captcha').mockResolvedValue({ type: 'None', siteKey: '' });
  renderAt('/admin/Settings');
  return screen.findByLabelText(/^Platform title/, undefined, LOAD);
};

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('admin settings page', { timeout: 30_000 }, () => {
  it('refuses a theme colour that is not # and six hex digits, and out-of-range lifetimes', async () => {
    await open();
    const update = vi.spyOn(client.admin, 'updateConfig').mockResolvedValue();
    fireEvent.change(screen.getByRole('textbox', { name: /^Theme colour/ }), { target: { value: 'teal' } });
    fireEvent.change(screen.getByLabelText(/^Renewal window/), { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter # and six hex digits, e.g. #16a394')).toBeTruthy();
    expect(screen.getByText('A whole number from 1 to 360')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('disables e-mail confirmation with the reason where mailed links cannot reach the platform', async () => {
    const current = await client.info.config();
    vi.spyOn(client.info, 'config').mockResolvedValue({ ...current, mailLinks: false });
    await open();
    const mail = await screen.findByRole('switch', { name: /^E-mail confirmation and password recovery/ });
    await waitFor(() => expect((mail as HTMLInputElement).disabled).toBe(true));
    expect(screen.getByText(/set PENNON_PUBLIC_URL to turn this on/)).toBeTruthy();
  });

  it('saves every section, then shows the new title in the header', async () => {
    const title = await open();
    const update = vi.spyOn(client.admin, 'updateConfig').mockResolvedValue();
    const current = await client.info.config();
    const publicConfig = vi.spyOn(client.info, 'config').mockResolvedValue({ ...current, title: 'Harbour' });
    fireEvent.change(title, { target: { value: ' Harbour ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Theme colour/ }), {
      target: { value: '#1C7ED6' },
    });
    fireEvent.change(screen.getByLabelText(/^Allowed e-mail domains/), {
      target: { value: 'example.edu,  example.org ,' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('The settings have been saved')).toBeTruthy();
    expect(update).toHaveBeenCalledWith({
      globalConfig: {
        title: 'Harbour',
        slogan: 'Flags fly here',
        description: null,
        footerInfo: null,
        customTheme: '#1C7ED6',
        apiEncryption: false,
      },
      accountPolicy: { ...stored.accountPolicy, emailDomainList: 'example.edu,example.org' },
      containerPolicy: stored.containerPolicy,
    });
    await waitFor(() => expect(publicConfig).toHaveBeenCalled());
    expect(await screen.findByText('Harbour')).toBeTruthy();
  });
});
