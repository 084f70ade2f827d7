// The capture recorder alone (§4.16): archived after its idle delay, a new file for a later connection, empty
// recordings discarded, addresses mapped into IPv6.
import { mkdtempSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ipv6Bytes, TrafficCapture } from '../../src/containers/capture.ts';
import type { ContainerRecord } from '../../src/containers/container-service.ts';

const record: ContainerRecord = {
  id: '0123abcd-4567-89ab-cdef-0123456789ab',
  runtime_id: 'x',
  image: 'x',
  ip: '10.88.0.5',
  port: 9999,
  public_ip: null,
  public_port: null,
  started_at: 0,
  expect_stop_at: 0,
  status: 'Running',
  instance_id: 1,
  is_proxy: 1,
  challenge_id: 3,
  traffic_capture: 1,
};
const meta = { challengeId: 3, challenge: 'c', participationId: 4, teamId: 5, team: 't', flag: 'flag{x}' };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('traffic capture recorder', () => {
  it('archives after the idle delay, starts a new file later, and discards empty recordings', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'pennon-capture-unit-'));
    const capture = new TrafficCapture({ root, resolve: async () => meta, idleMs: 50 });
    const dir = path.join(root, '3', '4');
    const a = await capture.open(record, '::ffff:192.0.2.7');
    const b = await capture.open(record, '192.0.2.8');
    a?.fromClient(Buffer.from('ping'));
    b?.fromServer(Buffer.alloc(200_000, 1));
    a?.close();
    await wait(100);
    expect(readdirSync(dir).filter((f) => f.endsWith('.pcap.gz'))).toHaveLength(0);
    b?.close();
    await wait(150);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^0123abcd4567-[0-9A-V]{13}\.pcap\.gz$/);
    expect(await capture.files(3, 4)).toHaveLength(1);

    const empty = await capture.open(record, '192.0.2.9');
    empty?.close();
    await capture.flush();
    expect(readdirSync(dir)).toEqual(files);
    // Not recorded: capture off, or a test container.
    expect(await capture.open({ ...record, traffic_capture: 0 }, '192.0.2.9')).toBeUndefined();
    expect(await capture.open({ ...record, instance_id: null }, '192.0.2.9')).toBeUndefined();

    const pcap = gunzipSync(await readFile(path.join(dir, files[0] ?? '')));
    // 200 000 bytes from the container become 4 datagrams of at most 65 000 bytes.
    let offset = 24;
    const sizes: number[] = [];
    while (offset < pcap.length) {
      const length = pcap.readUInt32LE(offset + 8);
      sizes.push(length - 62);
      offset += 16 + length;
    }
    expect(sizes.slice(1)).toEqual([4, 65_000, 65_000, 65_000, 5_000]);
  });

  it('maps addresses into IPv6', () => {
    expect(ipv6Bytes('192.0.2.1').toString('hex')).toBe('00000000000000000000ffffc0000201');
    expect(ipv6Bytes('::ffff:192.0.2.1').toString('hex')).toBe('00000000000000000000ffffc0000201');
    expect(ipv6Bytes('2001:db8::1').toString('hex')).toBe('20010db8000000000000000000000001');
    expect(ipv6Bytes('::').toString('hex')).toBe('0'.repeat(32));
    expect(ipv6Bytes('fe80::1%eth0').toString('hex')).toBe('fe800000000000000000000000000001');
  });
});
