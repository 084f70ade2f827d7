// The admin instances page with the SDK's admin calls stubbed.
import { notifications } from '@mantine/notifications';
import type { ContainerInstanceModel } from '@pennon/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProfile as admin } from '../../../../test/fixtures.ts';
import { LOAD, renderAt } from '../../../../test/render.tsx';
import { client } from '../../../api/client.ts';
import { formatRemaining } from './Countdown.tsx';

const instance = (n: number, team: string, challenge: string): ContainerInstanceModel => ({
  team: { id: n, name: team, avatar: null },
  challenge: { id: 10 + n, title: challenge, category: 'Web' },
  image: 'localhost/pennon-busybox:latest',
  containerGuid: `00000000-0000-4000-8000-00000000000${n}`,
  containerId: `abcdef${n}`.padEnd(64, '0'),
  startedAt: Date.now() - 60_000,
  expectStopAt: Date.now() + 3_600_000,
  ip: '10.0.0.1',
  port: 30000 + n,
});

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('formatRemaining', () => {
  it('reads h:mm:ss and stops at zero', () => {
    expect(formatRemaining(3_723_000)).toBe('1:02:03');
    expect(formatRemaining(-5)).toBe('0:00:00');
  });
});

describe('admin instances page', { timeout: 30_000 }, () => {
  it('filters by team and destroys a container once confirmed', async () => {
    vi.spyOn(client.account, 'profile').mockResolvedValue(admin);
    const list = [instance(1, 'Gulls', 'Lighthouse'), instance(2, 'Terns', 'Harbour')];
    const instances = vi
      .spyOn(client.admin, 'instances')
      .mockResolvedValue({ data: list, length: 2, total: 2 });
    const destroy = vi.spyOn(client.admin, 'deleteInstance').mockImplementation(async () => {
      instances.mockResolvedValue({ data: [list[1] as ContainerInstanceModel], length: 1, total: 1 });
    });
    renderAt('/admin/Instances');
    expect(await screen.findByText('10.0.0.1:30001', undefined, LOAD)).toBeTruthy();
    expect(screen.getByText('10.0.0.1:30002')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Team' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gulls' }));
    await waitFor(() => expect(screen.queryByText('10.0.0.1:30002')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Destroy the container of Gulls for Lighthouse' }));
    const ask = await screen.findByRole('dialog', { name: 'Destroy the container?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Destroy' }));
    await waitFor(() => expect(destroy).toHaveBeenCalledWith(list[0]?.containerGuid));
    expect(await screen.findByText('The container has been destroyed')).toBeTruthy();
  });
});
