/** The header's links, in order: a route path and the key of its label. */
export const NAV_LINKS = [
  { to: '/', label: 'common.nav.home' },
  { to: '/games', label: 'common.nav.games' },
  { to: '/Teams', label: 'common.nav.teams' },
  { to: '/posts', label: 'common.nav.posts' },
  { to: '/About', label: 'common.nav.about' },
] as const;
