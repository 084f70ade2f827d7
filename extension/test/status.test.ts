import { readWsrxPairingCode, WsrxState, wsrxControlLink } from '@pennon/sdk/wsrx';
import { describe, expect, it } from 'vitest';
import { readControlLink, sitesFromControl } from '../lib/control.ts';
import { defaultPrefs, type Prefs } from '../lib/prefs.ts';
import {
  badgeFor,
  emptyStatus,
  listedSites,
  noticesFor,
  overallState,
  type SiteStatus,
  type Status,
  tunnelUp,
  withControl,
  withDaemon,
  withTunnelHistory,
} from '../lib/status.ts';

const api = 'http://127.0.0.1:3307';
const site = 'https://ctf.example.com';
const tunnel = {
  label: 'pwn',
  remote: 'wss://ctf.example.com/api/proxy/1',
  local: '127.0.0.1:40000',
  latency: 12,
};

const running = (sites: Status['sites'] = {}, checkedAt = 1): Status => ({
  daemon: { running: true, reason: null, version: '0.5.17', api, checkedAt },
  sites,
  control: null,
});
const down = (reason: 'not_running' | 'version_mismatch' = 'not_running'): Status => ({
  daemon: { running: false, reason, version: null, api, checkedAt: 2 },
  sites: {},
  control: null,
});
const at = (state: WsrxState, instances = [tunnel]) => ({
  [site]: { origin: site, title: 'Harbour CTF', state, instances, seenAt: 1 },
});
const prefs = (patch: Partial<Prefs> = {}): Prefs => ({ ...defaultPrefs(), platforms: [site], ...patch });

describe('overallState and badge', () => {
  it('is Invalid with the reason when the daemon is not there', () => {
    expect(overallState(down('version_mismatch'))).toEqual({
      state: WsrxState.Invalid,
      headline: 'version_mismatch',
    });
    expect(overallState(emptyStatus(api))).toEqual({ state: WsrxState.Invalid, headline: 'not_running' });
    expect(overallState(running())).toEqual({ state: WsrxState.Usable, headline: 'connected' });
    expect(badgeFor(down())).toEqual({ text: 'OFF', color: '#e03131' });
  });
  it('is Pending while a watched site awaits approval, Usable otherwise', () => {
    expect(overallState(running(at(WsrxState.Pending)), [site])).toMatchObject({
      state: WsrxState.Pending,
      headline: 'awaiting_approval',
      waiting: { origin: site },
    });
    expect(overallState(running(at(WsrxState.Pending)), []).state).toBe(WsrxState.Usable);
    expect(badgeFor(running(at(WsrxState.Pending)), [site]).text).toBe('?');
  });
  it('counts the open tunnels on the badge', () => {
    expect(badgeFor(running(at(WsrxState.Usable)), [site]).text).toBe('1');
    expect(badgeFor(running(at(WsrxState.Usable, [])), [site]).text).toBe('');
  });
});

describe('noticesFor', () => {
  it('says when the daemon goes offline and comes back, but not on the first check', () => {
    expect(noticesFor(emptyStatus(api), down(), prefs())).toEqual([]);
    expect(noticesFor(emptyStatus(api), running(), prefs())).toEqual([]);
    expect(noticesFor(running(), down(), prefs()).map((n) => n.id)).toEqual(['daemon-offline']);
    expect(noticesFor(down(), running(), prefs()).map((n) => n.id)).toEqual(['daemon-online']);
  });
  it('says when a watched site starts waiting for approval', () => {
    const notices = noticesFor(running(), running(at(WsrxState.Pending)), prefs());
    expect(notices).toEqual([
      { kind: 'pending', id: `pending:${site}`, vars: { site: 'Harbour CTF', origin: site } },
    ]);
    expect(noticesFor(running(at(WsrxState.Pending)), running(at(WsrxState.Pending)), prefs())).toEqual([]);
    expect(noticesFor(running(), running(at(WsrxState.Pending)), prefs({ platforms: [] }))).toEqual([]);
  });
  it('says when a tunnel disappears while the daemon runs, not when the daemon goes', () => {
    const gone = noticesFor(running(at(WsrxState.Usable)), running(at(WsrxState.Usable, [])), prefs());
    expect(gone.map((n) => n.id)).toEqual([`gone:${site}:${tunnel.local}`]);
    expect(gone[0]?.vars).toMatchObject({ label: 'pwn', local: tunnel.local });
    const offline = noticesFor(
      running(at(WsrxState.Usable)),
      withDaemon(running(at(WsrxState.Usable)), down().daemon),
      prefs(),
    );
    expect(offline.map((n) => n.kind)).toEqual(['offline']);
  });
  it('keeps only the kinds the user wants', () => {
    const notify = { ...defaultPrefs().notify, offline: false };
    expect(noticesFor(running(), down(), prefs({ notify }))).toEqual([]);
  });
});

describe('withDaemon', () => {
  it('forgets the tunnels and scope states when the daemon is gone', () => {
    const next = withDaemon(running(at(WsrxState.Usable)), down().daemon);
    expect(next.sites[site]).toMatchObject({ state: WsrxState.Invalid, instances: [] });
  });
});

describe('with the control API (paired)', () => {
  const other = 'https://other.example.com';
  const daemonSites = sitesFromControl(
    [
      { host: site, name: 'Harbour::CTF', state: 'allowed' },
      { host: other, name: other, state: 'pending' },
      { host: 'https://refused.example.com', name: 'Nope', state: 'denied' },
    ],
    [{ ...tunnel, scope_host: site }],
    5,
  );

  it('lists every site the daemon knows, with its tunnels, after the watched ones', () => {
    expect(daemonSites[site]).toEqual({
      origin: site,
      title: 'Harbour::CTF',
      state: WsrxState.Usable,
      refused: false,
      fromDaemon: true,
      instances: [tunnel],
      seenAt: 5,
    });
    expect(daemonSites[other]).toMatchObject({ title: '', state: WsrxState.Pending, instances: [] });
    expect(daemonSites['https://refused.example.com']).toMatchObject({
      refused: true,
      state: WsrxState.Invalid,
    });
    const status = withControl(running(), 'ok', daemonSites);
    expect(listedSites(status, []).map((s) => s.origin)).toContain(other);
    // Unwatched, but the daemon says it waits: the popup says so, and a notice is raised.
    expect(overallState(status, []).waiting?.origin).toBe(other);
    expect(noticesFor(running(), status, prefs({ platforms: [] })).map((n) => n.id)).toEqual([
      `pending:${other}`,
    ]);
    expect(badgeFor(status, []).text).toBe('?');
  });
  it('drops what the daemon listed when it cannot be asked, but keeps what pages reported', () => {
    const reported = { ...running(at(WsrxState.Usable)), sites: { ...at(WsrxState.Usable), ...{} } };
    const paired = withControl(reported, 'ok', { [other]: daemonSites[other] as SiteStatus });
    const lost = withControl(paired, 'unauthorized');
    expect(Object.keys(lost.sites)).toEqual([site]);
    expect(lost.control).toBe('unauthorized');
    expect(Object.keys(withDaemon(paired, down().daemon).sites)).toEqual([site]);
  });
  it('tells a tunnel that is up (the probe answers) from one that is down', () => {
    expect(tunnelUp(tunnel)).toBe(true);
    expect(tunnelUp({ ...tunnel, latency: -1 })).toBe(false);
  });
  it('names the challenge when its tunnel is gone', () => {
    const before = withControl(running(), 'ok', daemonSites);
    const after = withControl(running(), 'ok', {
      ...daemonSites,
      [site]: { ...daemonSites[site], instances: [] } as SiteStatus,
    });
    expect(noticesFor(before, after, prefs({ platforms: [] }))).toEqual([
      {
        kind: 'tunnelGone',
        id: `gone:${site}:${tunnel.local}`,
        vars: { site: 'Harbour::CTF', label: 'pwn', local: tunnel.local, remote: tunnel.remote },
      },
    ]);
  });
});

describe('a tunnel going down and back up', () => {
  const withLatency = (latency: number) => running(at(WsrxState.Usable, [{ ...tunnel, latency }]));
  /** Feeds the checks one after another, as the background does, and collects what each raised. */
  const walk = (latencies: number[], options = prefs()) => {
    let status = withLatency(latencies[0] ?? -1);
    return latencies.slice(1).map((latency) => {
      const next = withTunnelHistory(status, withLatency(latency));
      const raised = noticesFor(status, next, options);
      status = next;
      return raised.map((notice) => notice.kind);
    });
  };

  it('names the challenge once when its tunnel goes from up to down, and again once it is back', () => {
    const [notice] = noticesFor(
      withLatency(12),
      withTunnelHistory(withLatency(12), withLatency(-1)),
      prefs(),
    );
    expect(notice).toEqual({
      kind: 'tunnelDown',
      id: `tunnel:${site}:${tunnel.local}`,
      vars: { site: 'Harbour CTF', label: 'pwn', local: tunnel.local, remote: tunnel.remote },
    });
    expect(walk([12, -1, -1, -1, 8, 9, -1])).toEqual([
      ['tunnelDown'],
      [],
      [],
      ['tunnelUp'],
      [],
      ['tunnelDown'],
    ]);
  });
  it('says nothing when a new tunnel comes up after its first probe', () => {
    expect(walk([-1, -1, 10, 10])).toEqual([[], [], []]);
  });
  it('raises neither when the player turned them off', () => {
    const notify = { ...defaultPrefs().notify, tunnelDown: false, tunnelUp: false };
    expect(walk([12, -1, 12], prefs({ notify }))).toEqual([[], []]);
  });
});

describe('pairing', () => {
  const token = 'a'.repeat(64);
  it('reads the code pennon-wsrx pair prints', () => {
    expect(readWsrxPairingCode(` http://127.0.0.1:3307#${token} `)).toEqual({
      url: 'http://127.0.0.1:3307',
      token,
    });
    expect(readWsrxPairingCode('http://127.0.0.1:3307')).toBeNull();
    expect(readWsrxPairingCode(`ftp://x#${token}`)).toBeNull();
    expect(readWsrxPairingCode('http://127.0.0.1:3307#short')).toBeNull();
  });
  it('takes an address and a token, and reads a stored link leniently', () => {
    expect(wsrxControlLink('http://127.0.0.1:3307/', token)).toEqual({ url: 'http://127.0.0.1:3307', token });
    expect(readControlLink({ url: 'http://[::1]:3307', token })).toEqual({ url: 'http://[::1]:3307', token });
    expect(readControlLink({ url: 3 })).toBeNull();
    expect(readControlLink(null)).toBeNull();
  });
});
