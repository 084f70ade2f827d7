import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOAD, renderAt } from '../../test/render.tsx';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, LOAD);

describe('routes', () => {
  it('match paths in any case', async () => {
    renderAt('/ACCOUNT/login');
    expect(await heading('Sign In')).toBeTruthy();
  });

  it('match parameterised paths in any case', async () => {
    // An admin page: a visitor is asked to sign in (an unmatched path would say "Page not found").
    renderAt('/Admin/Games/7/CHALLENGES/42/flags');
    expect(await heading('Sign In')).toBeTruthy();
  });

  it.each([
    ['/About', 'About'],
    // Admin pages ask a visitor to sign in first.
    ['/admin/teams', 'Sign In'],
    ['/admin/games', 'Sign In'],
    ['/admin/games/1/Info', 'Sign In'],
    ['/admin/games/1/challenges', 'Sign In'],
    ['/admin/games/1/challenges/2', 'Sign In'],
    ['/games', 'Games'],
    ['/games/3', 'Game Details'],
    ['/games/3/Scoreboard', 'Scoreboard'],
    // So do monitor pages.
    ['/games/3/monitor/CheatInfo', 'Sign In'],
    ['/POSTS', 'Posts'],
    // The test server has no posts: a clear not-found state; the editor asks a visitor to sign in.
    ['/posts/abc', 'Post not found'],
    ['/posts/abc/Edit', 'Sign In'],
  ])('render %s as "%s"', async (path, title) => {
    renderAt(path);
    expect(await heading(title)).toBeTruthy();
  });

  it('render the not-found page for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await heading('Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('show the title and slogan from /api/config on the home page', async () => {
    renderAt('/');
    expect(await heading('Test')).toBeTruthy();
    expect(screen.getByText('Flags fly here')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Test'));
    expect(JSON.parse(localStorage.getItem('client-config') ?? '{}')).toMatchObject({ title: 'Test' });
  });

  it('render the shell with the navigation', async () => {
    renderAt('/games');
    await heading('Games');
    const nav = screen.getByRole('navigation', { name: 'Navigation' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Games', '/games'],
      ['Teams', '/Teams'],
      ['Posts', '/posts'],
      ['About', '/About'],
    ]);
    expect(screen.getByRole('button', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toggle colour scheme' })).toBeTruthy();
  });
});
