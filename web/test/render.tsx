import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { AppProviders } from '../src/app/AppProviders.tsx';
import { routes as appRoutes } from '../src/app/routes.tsx';

/**
 * How long a test waits for a page or a lazily loaded part to show: the wait ends when it shows, so this only bounds
 * a failure, within the web tests' 30 s. Loading a page's modules took over 5 s in jsdom on a busy machine.
 */
export const LOAD = { timeout: 25_000 };

/** Renders the app (or the given routes) at `path`, with a fresh data cache. */
export const renderAt = (path: string, routes: RouteObject[] = appRoutes) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppProviders env="test">
        <RouterProvider router={router} />
      </AppProviders>
    </SWRConfig>,
  );
  return { router, ...view };
};
