// Every screen of client-spec §2. Paths keep the spec's spelling and match in any case (no route sets
// `caseSensitive`). Each page is its own lazily loaded module: the folder under pages/ mirrors the
// path, `[param]` standing for a parameter, and the page of a path is the folder's index.tsx.
import type { RouteObject } from 'react-router';
import { AppLayout } from '../components/AppLayout/index.ts';
import { ErrorScreen } from '../components/ErrorScreen/index.ts';
import { PageLoader } from '../components/PageLoader/index.ts';
import { gameKey, parseGameId, requestGame } from '../pages/games/[id]/useGame.ts';
import { requestScoreboard, scoreboardKey } from '../pages/games/lib/scoreboardRequest.ts';
import { hasData } from './dataCache.ts';
import { lazyPage } from './lazyPage.ts';
import { registerRoutes } from './preloadPage.ts';

// `handle` names each page in the browser tab (see pageTitle.tsx).
const pages: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../pages/index.tsx')) },
  {
    path: 'About',
    handle: { title: 'page.about' },
    lazy: lazyPage(() => import('../pages/About/index.tsx')),
  },
  {
    path: 'Teams',
    handle: { title: 'page.teams' },
    lazy: lazyPage(() => import('../pages/Teams/index.tsx')),
  },
  {
    path: 'account/Confirm',
    handle: { title: 'page.account.confirm' },
    lazy: lazyPage(() => import('../pages/account/Confirm/index.tsx')),
  },
  {
    path: 'account/External',
    handle: { title: 'page.account.external' },
    lazy: lazyPage(() => import('../pages/account/External/index.tsx')),
  },
  {
    path: 'account/Login',
    handle: { title: 'page.account.login' },
    lazy: lazyPage(() => import('../pages/account/Login/index.tsx')),
  },
  {
    path: 'account/Profile',
    handle: { title: 'page.account.profile' },
    lazy: lazyPage(() => import('../pages/account/Profile/index.tsx')),
  },
  {
    path: 'account/Recovery',
    handle: { title: 'page.account.recovery' },
    lazy: lazyPage(() => import('../pages/account/Recovery/index.tsx')),
  },
  {
    path: 'account/Register',
    handle: { title: 'page.account.register' },
    lazy: lazyPage(() => import('../pages/account/Register/index.tsx')),
  },
  {
    path: 'account/Reset',
    handle: { title: 'page.account.reset' },
    lazy: lazyPage(() => import('../pages/account/Reset/index.tsx')),
  },
  {
    path: 'account/Verify',
    handle: { title: 'page.account.verify' },
    lazy: lazyPage(() => import('../pages/account/Verify/index.tsx')),
  },
  {
    path: 'admin/Instances',
    handle: { title: 'page.admin.instances' },
    lazy: lazyPage(() => import('../pages/admin/Instances/index.tsx')),
  },
  {
    path: 'admin/Logs',
    handle: { title: 'page.admin.logs' },
    lazy: lazyPage(() => import('../pages/admin/Logs/index.tsx')),
  },
  {
    path: 'admin/Settings',
    handle: { title: 'page.admin.settings' },
    lazy: lazyPage(() => import('../pages/admin/Settings/index.tsx')),
  },
  {
    path: 'admin/Teams',
    handle: { title: 'page.admin.teams' },
    lazy: lazyPage(() => import('../pages/admin/Teams/index.tsx')),
  },
  {
    path: 'admin/Webhooks',
    handle: { title: 'page.admin.webhooks' },
    lazy: lazyPage(() => import('../pages/admin/Webhooks/index.tsx')),
  },
  {
    path: 'admin/Users',
    handle: { title: 'page.admin.users' },
    lazy: lazyPage(() => import('../pages/admin/Users/index.tsx')),
  },
  {
    path: 'admin/games',
    handle: { title: 'page.admin.games' },
    lazy: lazyPage(() => import('../pages/admin/games/index.tsx')),
  },
  {
    path: 'admin/games/:id/Info',
    handle: { title: 'page.admin.game.info', game: true },
    lazy: lazyPage(() => import('../pages/admin/games/[id]/Info/index.tsx')),
  },
  {
    path: 'admin/games/:id/Notices',
    handle: { title: 'page.admin.game.notices', game: true },
    lazy: lazyPage(() => import('../pages/admin/games/[id]/Notices/index.tsx')),
  },
  {
    path: 'admin/games/:id/Review',
    handle: { title: 'page.admin.game.review', game: true },
    lazy: lazyPage(() => import('../pages/admin/games/[id]/Review/index.tsx')),
  },
  {
    path: 'admin/games/:id/Awards',
    handle: { title: 'page.admin.game.awards', game: true },
    lazy: lazyPage(() => import('../pages/admin/games/[id]/Awards/index.tsx')),
  },
  {
    path: 'admin/games/:id/Writeups',
    handle: { title: 'page.admin.game.writeups', game: true },
    lazy: lazyPage(() => import('../pages/admin/games/[id]/Writeups/index.tsx')),
  },
  {
    path: 'admin/games/:id/challenges',
    handle: { title: 'page.admin.game.challenges', game: true },
    lazy: lazyPage(() => import('../pages/admin/games/[id]/challenges/index.tsx')),
  },
  {
    path: 'admin/games/:id/challenges/:chalId',
    handle: { title: 'page.admin.challenge.detail', game: true },
    lazy: lazyPage(() => import('../pages/admin/games/[id]/challenges/[chalId]/index.tsx')),
  },
  {
    path: 'admin/games/:id/challenges/:chalId/Flags',
    handle: { title: 'page.admin.challenge.flags', game: true },
    lazy: lazyPage(() => import('../pages/admin/games/[id]/challenges/[chalId]/Flags/index.tsx')),
  },
  {
    path: 'games',
    handle: { title: 'page.games.list' },
    lazy: lazyPage(() => import('../pages/games/index.tsx')),
  },
  {
    path: 'games/:id',
    handle: { game: true },
    lazy: lazyPage(() => import('../pages/games/[id]/index.tsx')),
  },
  {
    path: 'games/:id/Challenges',
    handle: { title: 'page.games.challenges', game: true },
    lazy: lazyPage(() => import('../pages/games/[id]/Challenges/index.tsx')),
  },
  {
    path: 'games/:id/Scoreboard',
    handle: { title: 'page.games.scoreboard', game: true },
    // The chart needs both: without data to show they are asked for beside the page's code, not once it has
    // rendered. With data to show, their refresh waits until after the first frame as usual (SWR), so that its
    // answers do not hold up the chart.
    loader: ({ params }) => {
      const gameId = parseGameId(params.id);
      if (Number.isNaN(gameId)) return null;
      if (!hasData(gameKey(gameId))) requestGame(gameId);
      if (!hasData(scoreboardKey(gameId))) requestScoreboard(gameId);
      return null;
    },
    lazy: lazyPage(() => import('../pages/games/[id]/Scoreboard/index.tsx')),
  },
  {
    path: 'games/:id/teams/:teamId',
    handle: { game: true },
    lazy: lazyPage(() => import('../pages/games/[id]/teams/[teamId]/index.tsx')),
  },
  {
    path: 'games/:id/teams/:teamId/players/:userId',
    handle: { game: true },
    lazy: lazyPage(() => import('../pages/games/[id]/teams/[teamId]/players/[userId]/index.tsx')),
  },
  {
    path: 'games/:id/monitor/CheatInfo',
    handle: { title: 'page.monitor.cheat_info', game: true },
    lazy: lazyPage(() => import('../pages/games/[id]/monitor/CheatInfo/index.tsx')),
  },
  {
    path: 'games/:id/monitor/Events',
    handle: { title: 'page.monitor.events', game: true },
    lazy: lazyPage(() => import('../pages/games/[id]/monitor/Events/index.tsx')),
  },
  {
    path: 'games/:id/monitor/Submissions',
    handle: { title: 'page.monitor.submissions', game: true },
    lazy: lazyPage(() => import('../pages/games/[id]/monitor/Submissions/index.tsx')),
  },
  {
    path: 'games/:id/monitor/Traffic',
    handle: { title: 'page.monitor.traffic', game: true },
    lazy: lazyPage(() => import('../pages/games/[id]/monitor/Traffic/index.tsx')),
  },
  {
    path: 'posts',
    handle: { title: 'page.posts.list' },
    lazy: lazyPage(() => import('../pages/posts/index.tsx')),
  },
  {
    path: 'posts/:postId',
    // "Posts" until the post, which names the page, is there.
    handle: { title: 'page.posts.list' },
    lazy: lazyPage(() => import('../pages/posts/[postId]/index.tsx')),
  },
  {
    path: 'posts/:postId/Edit',
    handle: { title: 'page.posts.edit' },
    lazy: lazyPage(() => import('../pages/posts/[postId]/Edit/index.tsx')),
  },
  {
    path: '*',
    handle: { title: 'page.not_found.title' },
    lazy: lazyPage(() => import('../pages/NotFound/index.tsx')),
  },
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

registerRoutes(routes);
