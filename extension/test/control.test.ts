// The companion's control-API client against a real pennon-wsrx daemon.
import { WsrxControlError, WsrxState } from '@pennon/sdk/wsrx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDaemon, startDaemon } from '../../wsrx/src/index.ts';
import { silentLogger } from '../../wsrx/src/log.ts';
import { api, tempDir } from '../../wsrx/test/helpers.ts';
import { decide, readDaemonSites } from '../lib/control.ts';

const SITE = 'https://ctf.example.com';

describe('control client', () => {
  let daemon: RunningDaemon;
  let state: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    state = tempDir();
    daemon = await startDaemon({ port: 0, stateDir: state.dir, logger: silentLogger });
    await api(daemon, '/connect', { origin: SITE, method: 'POST', body: { name: 'Harbour::CTF' } });
  });
  afterAll(async () => {
    await daemon.close();
    state.remove();
  });

  it('lists the sites, approves and refuses them', async () => {
    const link = { url: daemon.url, token: daemon.controlToken };
    expect((await readDaemonSites(link))[SITE]).toMatchObject({
      title: 'Harbour::CTF',
      state: WsrxState.Pending,
    });
    await decide(link, SITE, true);
    expect((await readDaemonSites(link))[SITE]).toMatchObject({ state: WsrxState.Usable, refused: false });
    await decide(link, SITE, false);
    expect((await readDaemonSites(link))[SITE]).toMatchObject({ refused: true });
  });

  it('says why it cannot: a wrong token, or nothing listening', async () => {
    const wrong = readDaemonSites({ url: daemon.url, token: 'b'.repeat(64) });
    await expect(wrong).rejects.toBeInstanceOf(WsrxControlError);
    await expect(wrong).rejects.toMatchObject({ problem: 'unauthorized' });
    await expect(readDaemonSites({ url: 'http://127.0.0.1:1', token: 'b'.repeat(64) })).rejects.toMatchObject(
      {
        problem: 'unreachable',
      },
    );
  });
});
