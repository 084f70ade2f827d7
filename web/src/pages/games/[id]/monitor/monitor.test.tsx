// The monitor pages with the SDK's calls stubbed and the monitor hub replaced by a hand-driven one.
import { notifications } from '@mantine/notifications';
import type {
  CheatInfoModel,
  DetailedGameInfoModel,
  GameEvent,
  ProfileUserInfoModel,
  Role,
  Submission,
} from '@pennon/sdk';
import type { MonitorHandlers } from '@pennon/sdk/live';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onePage } from '../../../../../test/fixtures.ts';
import { renderAt } from '../../../../../test/render.tsx';
import { client } from '../../../../api/client.ts';

// Pages load lazily, and slowly on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const hub = vi.hoisted(() => ({ handlers: undefined as MonitorHandlers | undefined, stop: vi.fn() }));
vi.mock('@pennon/sdk/live', () => ({
  connectMonitor: async (_base: string, _game: number, handlers: MonitorHandlers) => {
    hub.handlers = handlers;
    handlers.state?.('connected');
    return { mode: 'push', connection: undefined, stop: hub.stop };
  },
}));

const profile = (role: Role): ProfileUserInfoModel => ({
  userId: '00000000-0000-4000-8000-000000000009',
  role,
  userName: 'watcher',
  email: 'watcher@example.com',
  bio: null,
  phone: null,
  realName: null,
  stdNumber: null,
  avatar: null,
});

const game = { id: 3, title: 'Harbour Cup', start: 0, end: Date.now() + 3600_000, status: 'Unsubmitted' };

const submission = (
  team: string,
  status: Submission['status'],
  time: number,
  answer = 'flag{x}',
): Submission => ({
  answer,
  status,
  time,
  user: 'skipper',
  team,
  challenge: 'Lighthouse',
});

const signedInAs = (role: Role) => vi.spyOn(client.account, 'profile').mockResolvedValue(profile(role));

beforeEach(() => {
  hub.handlers = undefined;
  vi.spyOn(client.game, 'get').mockResolvedValue(game as unknown as DetailedGameInfoModel);
});

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const rowsText = () => screen.getAllByTestId('submission-row').map((row) => row.textContent);

describe('monitor pages', { timeout: 20_000 }, () => {
  it('turn away players who are not monitors', async () => {
    signedInAs('User');
    const submissions = vi.spyOn(client.game, 'submissions');
    renderAt('/games/3/monitor/Submissions');
    expect(await screen.findByTestId('monitor-forbidden')).toBeTruthy();
    expect(submissions).not.toHaveBeenCalled();
  });

  it('show the monitor tab and the monitor pages to monitors', async () => {
    signedInAs('Monitor');
    vi.spyOn(client.game, 'events').mockResolvedValue([]);
    renderAt('/games/3/monitor/Events');
    expect(await screen.findByRole('tab', { name: 'Monitor', selected: true })).toBeTruthy();
    const pages = screen.getByRole('tablist', { name: 'Monitor pages' });
    expect(
      within(pages)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Events', 'Submissions', 'Traffic', 'Cheat Information']);
    expect(await screen.findByText('No events yet')).toBeTruthy();
  });

  it('insert submissions judged while the page is open at the top, highlighted', async () => {
    signedInAs('Monitor');
    vi.spyOn(client.game, 'submissions').mockResolvedValue([
      submission('Gulls', 'WrongAnswer', 2000, 'flag{no}'),
      submission('Terns', 'Accepted', 1000),
    ]);
    renderAt('/games/3/monitor/Submissions');
    await waitFor(() => expect(screen.getAllByTestId('submission-row')).toHaveLength(2));
    await waitFor(() => expect(hub.handlers?.submission).toBeDefined());
    expect(screen.getByTestId('live-status').getAttribute('data-state')).toBe('connected');

    act(() => hub.handlers?.submission?.(submission('<b>Auks</b>', 'Accepted', 3000, 'flag{yes}')));
    const rows = screen.getAllByTestId('submission-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('<b>Auks</b>');
    expect(rows[0]?.querySelector('b')).toBeNull();
    expect(rows[0]?.getAttribute('data-fresh')).toBe('true');
    expect(rows[0]?.textContent).toContain('Accepted');
    expect(rows[1]?.getAttribute('data-fresh')).toBeNull();

    // The same submission again (a reconnect, a poll) is not a new row.
    act(() => hub.handlers?.submission?.(submission('<b>Auks</b>', 'Accepted', 3000, 'flag{yes}')));
    expect(screen.getAllByTestId('submission-row')).toHaveLength(3);
  });

  it('filter by team from the address and by outcome, live arrivals included', async () => {
    signedInAs('Admin');
    const list = vi
      .spyOn(client.game, 'submissions')
      .mockImplementation((_id, query) =>
        onePage(
          Promise.resolve(
            [
              submission('Gulls', 'WrongAnswer', 2000),
              submission('Terns', 'Accepted', 1000),
              submission('Gulls', 'Accepted', 500),
            ].filter((item) => !query?.type || item.status === query.type),
          ),
        ),
      );
    renderAt('/games/3/monitor/Submissions?team=Gulls');
    await waitFor(() => expect(screen.getAllByTestId('submission-row')).toHaveLength(2));
    expect(rowsText().every((text) => text?.includes('Gulls'))).toBe(true);
    await waitFor(() => expect(hub.handlers?.submission).toBeDefined());
    act(() => hub.handlers?.submission?.(submission('Terns', 'WrongAnswer', 3000)));
    expect(screen.getAllByTestId('submission-row')).toHaveLength(2);

    fireEvent.click(screen.getByRole('combobox', { name: 'Outcome' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Accepted' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(3, { count: 0, type: 'Accepted' }));
    await waitFor(() => expect(screen.getAllByTestId('submission-row')).toHaveLength(1));
    expect(screen.getByTestId('submission-row').getAttribute('data-status')).toBe('Accepted');
    // A live wrong answer does not belong under "Accepted".
    act(() => hub.handlers?.submission?.(submission('Gulls', 'WrongAnswer', 4000)));
    expect(screen.getAllByTestId('submission-row')).toHaveLength(1);
  });

  it('show live events on the first page and hide container events when asked', async () => {
    signedInAs('Monitor');
    const flag: GameEvent = {
      type: 'FlagSubmit',
      values: ['Accepted', 'flag{x}', 'Lighthouse', '4'],
      time: 1000,
      user: 'skipper',
      team: 'Gulls',
    };
    const events = vi.spyOn(client.game, 'events').mockResolvedValue([flag]);
    renderAt('/games/3/monitor/Events');
    expect(await screen.findByText('Gulls solved Lighthouse')).toBeTruthy();
    await waitFor(() => expect(hub.handlers?.event).toBeDefined());
    act(() =>
      hub.handlers?.event?.({
        type: 'ContainerStart',
        values: ['4', 'Lighthouse'],
        time: 2000,
        user: 'u',
        team: 'Terns',
      }),
    );
    const first = screen.getAllByTestId('monitor-event')[0];
    expect(first?.textContent).toContain('Terns started a container for Lighthouse');
    expect(first?.getAttribute('data-fresh')).toBe('true');

    fireEvent.click(screen.getByRole('switch', { name: 'Hide container events' }));
    await waitFor(() =>
      expect(events).toHaveBeenLastCalledWith(3, { hideContainer: true, count: 30, skip: 0 }),
    );
    await waitFor(() => expect(screen.queryByText('Terns started a container for Lighthouse')).toBeNull());
    expect(screen.getAllByTestId('monitor-event')).toHaveLength(1);
  });

  it('list cheat reports newest first, filterable by a team on either side', async () => {
    signedInAs('Monitor');
    const part = (id: number, name: string) => ({
      id,
      team: { id, name, avatar: null },
      status: 'Accepted' as const,
      division: null,
      divisionId: null,
    });
    const reports: CheatInfoModel[] = [
      {
        submitTeam: part(2, 'Terns'),
        ownedTeam: part(1, 'Gulls'),
        submission: submission('Terns', 'CheatDetected', 1000),
      },
      {
        submitTeam: part(3, 'Auks'),
        ownedTeam: part(2, 'Terns'),
        submission: submission('Auks', 'CheatDetected', 2000),
      },
    ];
    vi.spyOn(client.game, 'cheatInfo').mockResolvedValue(reports);
    renderAt('/games/3/monitor/CheatInfo?team=Gulls');
    await waitFor(() => expect(screen.getAllByTestId('cheat-row')).toHaveLength(1));
    const row = screen.getByTestId('cheat-row');
    expect(within(row).getByRole('link', { name: 'Submissions of Terns' }).getAttribute('href')).toBe(
      '/games/3/monitor/Submissions?team=Terns',
    );
    expect(within(row).getByRole('link', { name: 'Submissions of Gulls' })).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Team (either side)' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Terns' }));
    await waitFor(() => expect(screen.getAllByTestId('cheat-row')).toHaveLength(2));
    expect(screen.getAllByTestId('cheat-row')[0]?.textContent).toContain('Auks');
  });

  it('browse captured traffic by challenge then team, with sizes in words, and delete a file', async () => {
    signedInAs('Monitor');
    vi.spyOn(client.game, 'captures').mockResolvedValue([
      { id: 8, title: 'Tidepool', category: 'Pwn', type: 'DynamicContainer', isEnabled: true, count: 1 },
    ]);
    const teams = vi
      .spyOn(client.game, 'captureTeams')
      .mockResolvedValue([{ id: 21, teamId: 5, name: 'Gulls', division: null, avatar: null, count: 2 }]);
    const files = vi.spyOn(client.game, 'captureFiles').mockResolvedValue([
      { fileName: '1700000000000-a.pcap.gz', size: 1536, updateTime: Date.now() - 120_000 },
      { fileName: '1700000000001-b.pcap.gz', size: 5 * 1024 * 1024, updateTime: Date.now() },
    ]);
    const remove = vi.spyOn(client.game, 'deleteCaptureFile').mockResolvedValue();
    const { router } = renderAt('/games/3/monitor/Traffic');

    fireEvent.click(await screen.findByRole('button', { name: /Tidepool/ }));
    await waitFor(() => expect(teams).toHaveBeenCalledWith(8));
    fireEvent.click(await screen.findByRole('button', { name: /Gulls/ }));
    await waitFor(() => expect(files).toHaveBeenCalledWith(8, 21));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('challenge=8&team=21');

    const table = await screen.findByTestId('capture-files');
    expect(within(table).getByText('1.5 KiB')).toBeTruthy();
    expect(within(table).getByText('5.0 MiB')).toBeTruthy();
    expect(within(table).getByText('2 minutes ago')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download all' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete 1700000000000-a.pcap.gz' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete 1700000000000-a.pcap.gz? This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(8, 21, '1700000000000-a.pcap.gz'));
    await waitFor(() => expect(files).toHaveBeenCalledTimes(2));
  });
});
