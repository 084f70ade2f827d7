// Loading a page's code ahead of a visit, for components the pages themselves render (a game's tabs): they reach the
// route table through here, as routes.tsx registers it, since importing routes.tsx would import every page back.
import { matchRoutes, type RouteObject } from 'react-router';

let known: RouteObject[] = [];

/** Called once by routes.tsx with the app's routes. */
export const registerRoutes = (routes: RouteObject[]): void => {
  known = routes;
};

/**
 * Loads the code of the page at `path` ahead of a visit (errors are left to the visit itself), so that following a
 * link there renders the page at once instead of first waiting for its module and rendering the app's loading state.
 */
export const preloadPage = (path: string): void => {
  for (const { route } of matchRoutes(known, path) ?? [])
    if (typeof route.lazy === 'function') route.lazy().catch(() => {});
};
