import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { lazyPage } from '../../app/lazyPage.ts';
import { reloadPage } from '../../utils/reload.ts';
import { ErrorScreen } from './ErrorScreen.tsx';

vi.mock('../../utils/reload.ts', () => ({ reloadPage: vi.fn() }));

const NoFallback = () => null;

/** While set, the page throws. */
let broken = false;
function Flaky() {
  if (broken) {
    const error = new Error('The flag pole snapped');
    error.stack = 'Error: The flag pole snapped\n    at Flaky (Flaky.tsx:1:1)';
    throw error;
  }
  return <h1>Recovered</h1>;
}

const routes: RouteObject[] = [{ path: '/', element: <Flaky />, errorElement: <ErrorScreen /> }];

describe('ErrorScreen', () => {
  afterEach(() => {
    vi.mocked(reloadPage).mockClear();
    vi.spyOn(console, 'error').mockRestore();
  });

  const renderFailing = async () => {
    broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    renderAt('/', routes);
    await screen.findByRole('heading', { name: 'Encountered an error' });
  };

  it('shows the message, the stack trace read-only, and a hint to report', async () => {
    await renderFailing();
    expect(screen.getByText('The flag pole snapped')).toBeTruthy();
    const stack = screen.getByLabelText('Stack trace');
    expect(stack.tagName).toBe('PRE');
    expect(stack.textContent).toContain('at Flaky (Flaky.tsx:1:1)');
    expect(screen.getByText(/please report it/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeTruthy();
  });

  it('Clean cache removes the stored cache and reloads', async () => {
    localStorage.setItem('pennon-cache', 'stale');
    localStorage.setItem('i18nextLng', 'en-US');
    await renderFailing();
    fireEvent.click(screen.getByRole('button', { name: 'Clean cache' }));
    expect(localStorage.getItem('pennon-cache')).toBeNull();
    expect(localStorage.getItem('i18nextLng')).toBe('en-US');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('Try again renders the route afresh', async () => {
    await renderFailing();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  describe('when a page module fails to load', () => {
    const failingPage: RouteObject[] = [
      {
        path: '/',
        errorElement: <ErrorScreen />,
        HydrateFallback: NoFallback,
        lazy: lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
      },
    ];

    it('reloads the page instead of showing the error', async () => {
      renderAt('/', failingPage);
      await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
      expect(sessionStorage.getItem('pennon-chunk-reload')).not.toBeNull();
      expect(screen.queryByRole('heading', { name: 'Encountered an error' })).toBeNull();
    });

    it('shows the error when it fails again after the reload', async () => {
      sessionStorage.setItem('pennon-chunk-reload', '1');
      renderAt('/', failingPage);
      expect(await screen.findByRole('heading', { name: 'Encountered an error' })).toBeTruthy();
      expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
      expect(reloadPage).not.toHaveBeenCalled();
    });
  });
});
