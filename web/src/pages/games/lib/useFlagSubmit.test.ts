import type { AnswerResult } from '@pennon/sdk';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FlagApi, POLL_INTERVAL, useFlagSubmit } from './useFlagSubmit.ts';

const api = (
  statuses: AnswerResult[],
  submit = vi.fn(async () => 42),
): FlagApi & { status: ReturnType<typeof vi.fn> } => {
  const queue = [...statuses];
  const status = vi.fn(async () => queue.shift() ?? 'FlagSubmitted');
  return { submit, submissionStatus: status, status };
};

describe('useFlagSubmit', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 500 ms until the verdict is no longer FlagSubmitted', async () => {
    const fake = api(['FlagSubmitted', 'FlagSubmitted', 'Accepted']);
    const { result } = renderHook(() => useFlagSubmit(1, 2, fake));
    let verdict: Promise<AnswerResult | undefined> = Promise.resolve(undefined);
    await act(async () => {
      verdict = result.current.submit('flag{x}');
    });
    expect(fake.submit).toHaveBeenCalledWith(1, 2, 'flag{x}');
    expect(result.current.state.phase).toBe('judging');
    expect(fake.status).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL));
    expect(fake.status).toHaveBeenCalledTimes(1);
    expect(fake.status).toHaveBeenCalledWith(1, 2, 42);
    expect(result.current.busy).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL * 2));
    expect(fake.status).toHaveBeenCalledTimes(3);
    expect(result.current.state).toEqual({ phase: 'done', result: 'Accepted' });
    await expect(verdict).resolves.toBe('Accepted');

    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL * 4));
    expect(fake.status).toHaveBeenCalledTimes(3);
  });

  it('reports a wrong answer', async () => {
    const fake = api(['WrongAnswer']);
    const { result } = renderHook(() => useFlagSubmit(1, 2, fake));
    await act(async () => {
      void result.current.submit('nope');
    });
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL));
    expect(result.current.state).toEqual({ phase: 'done', result: 'WrongAnswer' });
  });

  it('keeps the failure of the submission (e.g. 429) and does not poll', async () => {
    const error = Object.assign(new Error('Too many requests'), { status: 429 });
    const fake = api(
      [],
      vi.fn(async () => Promise.reject(error)),
    );
    const { result } = renderHook(() => useFlagSubmit(1, 2, fake));
    await act(async () => {
      await result.current.submit('flag');
    });
    expect(result.current.state).toEqual({ phase: 'failed', error });
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL * 3));
    expect(fake.status).not.toHaveBeenCalled();
  });

  it('stops polling once unmounted', async () => {
    const fake = api([]);
    const { result, unmount } = renderHook(() => useFlagSubmit(1, 2, fake));
    await act(async () => {
      void result.current.submit('flag');
    });
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL));
    unmount();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL * 5);
    expect(fake.status).toHaveBeenCalledTimes(1);
  });
});
