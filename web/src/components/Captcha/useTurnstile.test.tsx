// The Turnstile widget's life in a form, with Cloudflare's script replaced by a stand-in that records
// what the hook asks of it.
import { MantineProvider } from '@mantine/core';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TurnstileApi, TurnstileOptions } from './turnstile.ts';
import { useTurnstile } from './useTurnstile.ts';

const widget = vi.hoisted(() => ({ options: null as TurnstileOptions | null }));
const api = vi.hoisted(
  (): TurnstileApi => ({
    render: (_container, options) => {
      widget.options = options;
      return 'widget-1';
    },
    reset: () => {},
    remove: () => {},
  }),
);
vi.mock('./turnstile.ts', () => ({ loadTurnstile: () => Promise.resolve(api) }));

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider>{children}</MantineProvider>;

/** The hook with its container attached, once the widget is rendered. */
const mounted = async (siteKey: string | null) => {
  const view = renderHook(() => useTurnstile(siteKey), { wrapper });
  await act(async () => view.result.current.container(document.createElement('div')));
  return view;
};

afterEach(() => {
  widget.options = null;
  vi.restoreAllMocks();
});

describe('useTurnstile', () => {
  it('renders nothing and loads nothing when Turnstile is not in use', async () => {
    const { result } = await mounted(null);
    expect(widget.options).toBeNull();
    expect(result.current.status).toBe('idle');
  });

  it("renders the widget with the site key, and answers the visitor's token once passed", async () => {
    const { result } = await mounted('site-key');
    expect(widget.options?.sitekey).toBe('site-key');
    expect(result.current.status).toBe('solving');
    const answer = result.current.answer();
    act(() => widget.options?.callback('token-1'));
    await expect(answer).resolves.toBe('token-1');
    expect(result.current.status).toBe('ready');
  });

  it('resets the widget for a fresh token after one was used', async () => {
    const reset = vi.spyOn(api, 'reset');
    const { result } = await mounted('site-key');
    act(() => widget.options?.callback('token-1'));
    act(() => result.current.renew());
    expect(reset).toHaveBeenCalledWith('widget-1');
    const next = result.current.answer();
    act(() => widget.options?.callback('token-2'));
    await expect(next).resolves.toBe('token-2');
  });

  it('fails the pending answer when the widget reports an error', async () => {
    const { result } = await mounted('site-key');
    const answer = result.current.answer();
    act(() => widget.options?.['error-callback']());
    await expect(answer).rejects.toThrow('Turnstile failed');
    expect(result.current.status).toBe('failed');
  });
});
