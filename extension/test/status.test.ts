import { WsrxState } from '@pennon/sdk/wsrx';
import { describe, expect, it } from 'vitest';
import { defaultPrefs, type Prefs } from '../lib/prefs.ts';
import { badgeFor, emptyStatus, noticesFor, overallState, type Status, withDaemon } from '../lib/status.ts';

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
});
const down = (reason: 'not_running' | 'version_mismatch' = 'not_running'): Status => ({
  daemon: { running: false, reason, version: null, api, checkedAt: 2 },
  sites: {},
});
const at = (state: WsrxState, instances = [tunnel]) => ({
  [site]: { origin: site, title: 'Harbour CTF', state, instances, seenAt: 1 },
});
const prefs = (patch: Partial<Prefs> = {}): Prefs => ({ ...defaultPrefs(), platforms: [site], ...patch });

describe('overallState and badge', () => {
  it('is Invalid with the reason when the daemon is not there', () => {
    expect(overallState(down('version_mismatch'))).toEqual({
      state: WsrxState.Invalid,
      reason: 'version_mismatch',
    });
    expect(overallState(emptyStatus(api))).toEqual({ state: WsrxState.Invalid, reason: 'not_running' });
    expect(badgeFor(down())).toEqual({ text: 'OFF', color: '#e03131' });
  });
  it('is Pending while a watched site awaits approval, Usable otherwise', () => {
    expect(overallState(running(at(WsrxState.Pending)), [site]).state).toBe(WsrxState.Pending);
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
