import { PennonError } from '@pennon/sdk';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { LoadError } from './LoadError.tsx';

const wrapper = ({ children }: { children: ReactNode }) => <AppProviders env="test">{children}</AppProviders>;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LoadError', () => {
  it('shows a failure with a button to try again', () => {
    const retry = vi.fn();
    render(
      <LoadError error={new Error('The server is unreachable')} retry={retry} title="post.load_failed" />,
      {
        wrapper,
      },
    );
    expect(screen.getByRole('alert').textContent).toContain('The server is unreachable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says "slow down" on a 429 and tries again by itself once Retry-After is over', () => {
    vi.useFakeTimers();
    // No spread: the wait is exactly the server's.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const retry = vi.fn();
    const refused = PennonError.http(429, {
      title: 'Too many requests: try again in 3 seconds',
      retryAfter: 3,
    });
    const { rerender } = render(
      <LoadError error={refused} retry={() => retry()} title="post.load_failed" />,
      {
        wrapper,
      },
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Slow down: too many requests from your network');
    expect(status.textContent).toContain('Trying again in 3 seconds…');
    expect(screen.queryByRole('alert')).toBeNull();
    // The caller's re-renders (a new `retry` each time) do not restart the count-down.
    act(() => vi.advanceTimersByTime(1000));
    rerender(<LoadError error={refused} retry={() => retry()} title="post.load_failed" />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('status').textContent).toContain('Trying again in 1 second…');
    expect(retry).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(retry).toHaveBeenCalledOnce();

    // Refused again: a new count-down, and one more retry at its end.
    rerender(
      <LoadError error={PennonError.http(429, { retryAfter: 2 })} retry={retry} title="post.load_failed" />,
    );
    expect(screen.getByRole('status').textContent).toContain('Trying again in 2 seconds…');
    act(() => vi.advanceTimersByTime(2000));
    expect(retry).toHaveBeenCalledTimes(2);
  });

  it('spreads a crowd refused at once over a fifth more than the wait', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const retry = vi.fn();
    render(
      <LoadError error={PennonError.http(429, { retryAfter: 10 })} retry={retry} title="post.load_failed" />,
      {
        wrapper,
      },
    );
    expect(screen.getByRole('status').textContent).toContain('Trying again in 12 seconds…');
    act(() => vi.advanceTimersByTime(11_000));
    expect(retry).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(retry).toHaveBeenCalledOnce();
  });
});
