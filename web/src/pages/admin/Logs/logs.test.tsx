// The admin log page: filtered pages from the API (stubbed), entries pushed live on top. The live client
// is replaced so the test can push entries itself.

import type { LogMessageModel } from '@pennon/sdk';
import type { AdminLogHandlers } from '@pennon/sdk/live';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProfile as admin, onePage } from '../../../../test/fixtures.ts';
import { LOAD, renderAt } from '../../../../test/render.tsx';
import { client } from '../../../api/client.ts';
import { LOG_PAGE_SIZE, withLiveEntry } from './logs.ts';

const live = vi.hoisted(() => ({ handlers: null as AdminLogHandlers | null }));
vi.mock('@pennon/sdk/live', () => ({
  connectAdminLogs: async (_base: string, handlers: AdminLogHandlers) => {
    live.handlers = handlers;
    handlers.state?.('connected');
    return { mode: 'push', connection: undefined, stop: async () => {} };
  },
}));

const entry = (msg: string, level: LogMessageModel['level'] = 'Information'): LogMessageModel => ({
  time: Date.parse('2026-11-21T10:00:00Z'),
  name: 'root',
  level,
  ip: '127.0.0.1',
  msg,
  status: null,
});

afterEach(() => {
  vi.restoreAllMocks();
  live.handlers = null;
});

describe('withLiveEntry', () => {
  it('puts a new entry on top once, keeping one page', () => {
    const page = Array.from({ length: LOG_PAGE_SIZE }, (_, i) => entry(`old ${i}`));
    const next = withLiveEntry(page, entry('new'));
    expect(next).toHaveLength(LOG_PAGE_SIZE);
    expect(next[0]?.msg).toBe('new');
    expect(withLiveEntry(next, entry('new'))).toBe(next);
  });
});

describe('admin logs page', { timeout: 30_000 }, () => {
  it('filters by level and shows pushed entries of that level without reloading', async () => {
    vi.spyOn(client.account, 'profile').mockResolvedValue(admin);
    const logs = vi
      .spyOn(client.admin, 'logs')
      .mockImplementation(({ level = 'All' } = {}) =>
        onePage(
          Promise.resolve(
            level === 'Warning' ? [entry('disk almost full', 'Warning')] : [entry('user root logged in')],
          ),
        ),
      );
    renderAt('/admin/Logs');
    expect(await screen.findByText('user root logged in', undefined, LOAD)).toBeTruthy();
    expect(await screen.findByText('Live')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Level' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Warning' }));
    expect(await screen.findByText('disk almost full')).toBeTruthy();
    expect(logs).toHaveBeenLastCalledWith({ level: 'Warning', count: LOG_PAGE_SIZE, skip: 0 });

    await waitFor(() => expect(live.handlers).not.toBeNull());
    act(() => {
      live.handlers?.log(entry('another login'));
      live.handlers?.log(entry('quota exceeded', 'Warning'));
    });
    expect(await screen.findByText('quota exceeded')).toBeTruthy();
    expect(screen.queryByText('another login')).toBeNull();
    expect(logs).toHaveBeenCalledTimes(2);
  });
});
