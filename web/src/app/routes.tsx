// Every screen of client-spec §2. Paths keep the spec's spelling and match in any case (no route sets
// `caseSensitive`). Each page is its own lazily loaded module: the folder under pages/ mirrors the
// path, `[param]` standing for a parameter, and the page of a path is the folder's index.tsx.
import type { RouteObject } from 'react-router';
import { AppLayout } from '../components/AppLayout/index.ts';
import { ErrorScreen } from '../components/ErrorScreen/index.ts';
import { PageLoader } from '../components/PageLoader/index.ts';
import { lazyPage } from './lazyPage.ts';

const pages: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../pages/index.tsx')) },
  { path: 'About', lazy: lazyPage(() => import('../pages/About/index.tsx')) },
  { path: 'Teams', lazy: lazyPage(() => import('../pages/Teams/index.tsx')) },
  { path: 'account/Confirm', lazy: lazyPage(() => import('../pages/account/Confirm/index.tsx')) },
  { path: 'account/Login', lazy: lazyPage(() => import('../pages/account/Login/index.tsx')) },
  { path: 'account/Profile', lazy: lazyPage(() => import('../pages/account/Profile/index.tsx')) },
  { path: 'account/Recovery', lazy: lazyPage(() => import('../pages/account/Recovery/index.tsx')) },
  { path: 'account/Register', lazy: lazyPage(() => import('../pages/account/Register/index.tsx')) },
  { path: 'account/Reset', lazy: lazyPage(() => import('../pages/account/Reset/index.tsx')) },
  { path: 'account/Verify', lazy: lazyPage(() => import('../pages/account/Verify/index.tsx')) },
  { path: 'admin/Instances', lazy: lazyPage(() => import('../pages/admin/Instances/index.tsx')) },
  { path: 'admin/Logs', lazy: lazyPage(() => import('../pages/admin/Logs/index.tsx')) },
  { path: 'admin/Settings', lazy: lazyPage(() => import('../pages/admin/Settings/index.tsx')) },
  { path: 'admin/Teams', lazy: lazyPage(() => import('../pages/admin/Teams/index.tsx')) },
  { path: 'admin/Users', lazy: lazyPage(() => import('../pages/admin/Users/index.tsx')) },
  { path: 'admin/games', lazy: lazyPage(() => import('../pages/admin/games/index.tsx')) },
  { path: 'admin/games/:id/Info', lazy: lazyPage(() => import('../pages/admin/games/[id]/Info/index.tsx')) },
  {
    path: 'admin/games/:id/Notices',
    lazy: lazyPage(() => import('../pages/admin/games/[id]/Notices/index.tsx')),
  },
  {
    path: 'admin/games/:id/Review',
    lazy: lazyPage(() => import('../pages/admin/games/[id]/Review/index.tsx')),
  },
  {
    path: 'admin/games/:id/Writeups',
    lazy: lazyPage(() => import('../pages/admin/games/[id]/Writeups/index.tsx')),
  },
  {
    path: 'admin/games/:id/challenges',
    lazy: lazyPage(() => import('../pages/admin/games/[id]/challenges/index.tsx')),
  },
  {
    path: 'admin/games/:id/challenges/:chalId',
    lazy: lazyPage(() => import('../pages/admin/games/[id]/challenges/[chalId]/index.tsx')),
  },
  {
    path: 'admin/games/:id/challenges/:chalId/Flags',
    lazy: lazyPage(() => import('../pages/admin/games/[id]/challenges/[chalId]/Flags/index.tsx')),
  },
  { path: 'games', lazy: lazyPage(() => import('../pages/games/index.tsx')) },
  { path: 'games/:id', lazy: lazyPage(() => import('../pages/games/[id]/index.tsx')) },
  { path: 'games/:id/Challenges', lazy: lazyPage(() => import('../pages/games/[id]/Challenges/index.tsx')) },
  { path: 'games/:id/Scoreboard', lazy: lazyPage(() => import('../pages/games/[id]/Scoreboard/index.tsx')) },
  {
    path: 'games/:id/teams/:teamId',
    lazy: lazyPage(() => import('../pages/games/[id]/teams/[teamId]/index.tsx')),
  },
  {
    path: 'games/:id/teams/:teamId/players/:userId',
    lazy: lazyPage(() => import('../pages/games/[id]/teams/[teamId]/players/[userId]/index.tsx')),
  },
  {
    path: 'games/:id/monitor/CheatInfo',
    lazy: lazyPage(() => import('../pages/games/[id]/monitor/CheatInfo/index.tsx')),
  },
  {
    path: 'games/:id/monitor/Events',
    lazy: lazyPage(() => import('../pages/games/[id]/monitor/Events/index.tsx')),
  },
  {
    path: 'games/:id/monitor/Submissions',
    lazy: lazyPage(() => import('../pages/games/[id]/monitor/Submissions/index.tsx')),
  },
  {
    path: 'games/:id/monitor/Traffic',
    lazy: lazyPage(() => import('../pages/games/[id]/monitor/Traffic/index.tsx')),
  },
  { path: 'posts', lazy: lazyPage(() => import('../pages/posts/index.tsx')) },
  { path: 'posts/:postId', lazy: lazyPage(() => import('../pages/posts/[postId]/index.tsx')) },
  { path: 'posts/:postId/Edit', lazy: lazyPage(() => import('../pages/posts/[postId]/Edit/index.tsx')) },
  { path: '*', lazy: lazyPage(() => import('../pages/NotFound/index.tsx')) },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <AppLayout />,
    // An error in the shell itself replaces the whole screen…
    errorElement: <ErrorScreen />,
    HydrateFallback: PageLoader,
    // …one in a page is shown inside the shell.
    children: [{ errorElement: <ErrorScreen />, children: pages }],
  },
];
