import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Poller } from '../src/feed/poller.ts';

const timing = { baseMs: 1000, idleMaxMs: 4000, errorMaxMs: 8000 };

/** A fetch answering from a script: a value (the same object means a 304) or an error. */
const scripted = (answers: (object | Error)[]) => {
  const fetch = vi.fn(async () => {
    const next = answers.shift();
    if (next === undefined) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  return fetch;
};

describe('Poller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls at once, hands on new values only, and slows down while nothing changes', async () => {
    const first = { v: 1 };
    const second = { v: 2 };
    const fetch = scripted([first, first, first, second]);
    const onValue = vi.fn();
    const poller = new Poller({ fetch, onValue, onError: vi.fn(), timing });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onValue).toHaveBeenCalledWith(first);
    expect(poller.delay).toBe(1000);

    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(poller.delay).toBe(1500);
    await vi.advanceTimersByTimeAsync(1500);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(poller.delay).toBe(2250);
    expect(onValue).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(2250);
    expect(onValue).toHaveBeenLastCalledWith(second);
    expect(poller.delay).toBe(1000);
    poller.stop();
  });

  it('backs off after failures, reports them, and recovers', async () => {
    const fetch = scripted([new Error('down'), new Error('down'), { v: 1 }]);
    const onError = vi.fn();
    const onValue = vi.fn();
    const poller = new Poller({ fetch, onValue, onError, timing });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(poller.delay).toBe(2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(poller.delay).toBe(4000);
    await vi.advanceTimersByTimeAsync(4000);
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(poller.delay).toBe(1000);
    poller.stop();
  });

  it('polls now when told, and stops for good', async () => {
    const fetch = vi.fn(async () => ({}));
    const poller = new Poller({ fetch, onValue: vi.fn(), onError: vi.fn(), timing });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.now();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    poller.stop();
    poller.now();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks again right after a round in flight when told to poll meanwhile', async () => {
    let release: (value: object) => void = () => {};
    const fetch = vi.fn(() => new Promise<object>((resolve) => (release = resolve)));
    const poller = new Poller({ fetch, onValue: vi.fn(), onError: vi.fn(), timing });
    poller.start();
    poller.now();
    expect(fetch).toHaveBeenCalledTimes(1);
    release({});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    poller.stop();
  });
});
