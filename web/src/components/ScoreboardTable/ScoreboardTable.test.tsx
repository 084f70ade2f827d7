import type { ChallengeInfo, ScoreboardItem } from '@pennon/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { medalColor, ScoreboardTable, type ScoreboardTableProps } from './ScoreboardTable.tsx';

const login: ChallengeInfo = {
  id: 1,
  title: 'Login',
  category: 'Web',
  score: 480,
  solved: 2,
  deadline: null,
  bloods: [],
  disableBloodBonus: false,
};

const item = (
  id: number,
  name: string,
  rank: number,
  divisionRank: number | null,
  solved: boolean,
): ScoreboardItem => ({
  id,
  name,
  bio: null,
  divisionId: divisionRank === null ? null : 4,
  avatar: null,
  score: solved ? 500 : 0,
  rank,
  divisionRank,
  lastSubmissionTime: solved ? Date.UTC(2026, 0, 1) : -62135596800000,
  solvedChallenges: solved
    ? [{ id: 1, score: 500, type: 'FirstBlood', userName: 'ann', time: Date.UTC(2026, 0, 1) }]
    : [],
  solvedCount: solved ? 1 : 0,
});

const teams = [item(7, 'Gulls', 1, 1, true), item(8, 'Terns', 2, null, false)];

const show = (props: Partial<ScoreboardTableProps>) =>
  renderAt('/', [
    { path: '/', element: <ScoreboardTable items={teams} challenges={[login]} divisionId={0} {...props} /> },
  ]);

const rows = async () =>
  within(await screen.findByTestId('scoreboard'))
    .getAllByRole('row')
    .slice(1);

describe('ScoreboardTable', () => {
  it("marks a team's awards and penalties by its score, with the reasons, as the widgets show them", async () => {
    const penalised: ScoreboardItem = {
      ...item(7, 'Gulls', 1, null, true),
      score: 400,
      adjustments: [
        { id: 1, points: 1200, reason: 'Reported a bug', time: Date.UTC(2026, 0, 1) },
        { id: 2, points: -1300, reason: 'Flag sharing', time: Date.UTC(2026, 0, 2) },
      ],
    };
    show({ items: [penalised, teams[1] as ScoreboardItem], tips: 'title' });
    const [gulls, terns] = await rows();
    const mark = within(gulls as HTMLElement).getByRole('img', {
      name: 'Awards and penalties: +1,200 Reported a bug; -1,300 Flag sharing',
    });
    expect(mark.getAttribute('title')).toBe(mark.getAttribute('aria-label'));
    expect(within(gulls as HTMLElement).getAllByRole('cell')[2]?.textContent).toBe('400');
    expect(within(terns as HTMLElement).queryByTestId('adjustments')).toBeNull();
  });

  it("shows a team's Markdown bio on hover as one plain line", async () => {
    show({
      items: [
        { ...item(7, 'Gulls', 1, null, true), bio: '## Sea birds\n\n- fly **low**\n- ![nest](/n.png)' },
      ],
      tips: 'title',
    });
    const [gulls] = await rows();
    expect(
      within(gulls as HTMLElement)
        .getByTestId('team-name')
        .getAttribute('title'),
    ).toBe('Gulls · Sea birds fly low nest');
  });

  it('ranks the teams with a column per challenge, marking a first blood', async () => {
    show({});
    const [gulls, terns] = await rows();
    expect(
      within(gulls as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'GUGulls', '500', '1', '', expect.stringContaining('26')]);
    expect(within(gulls as HTMLElement).getByLabelText('First blood')).toBeTruthy();
    expect(within(terns as HTMLElement).getAllByRole('cell')[5]?.textContent).toBe('–');
    expect(screen.getByRole('columnheader', { name: 'Login' })).toBeTruthy();
  });

  it('groups the digits of scores as the language does, as the widgets and the rest of the client do', async () => {
    const solved = item(7, 'Gulls', 1, 1, true);
    const solve = {
      ...(solved.solvedChallenges[0] as ScoreboardItem['solvedChallenges'][number]),
      score: 1_050,
    };
    show({
      items: [{ ...solved, score: 12_345, solvedChallenges: [solve] }],
      challenges: [{ ...login, score: 1_000 }],
      tips: 'title',
    });
    const [gulls] = await rows();
    expect(within(gulls as HTMLElement).getAllByRole('cell')[2]?.textContent).toBe('12,345');
    // The tooltips too: the challenge's value in its heading, a solve's points on its mark.
    expect(screen.getByText('Login').getAttribute('title')).toBe('Login · Web · 1,000');
    expect(
      within(gulls as HTMLElement)
        .getByLabelText('First blood')
        .parentElement?.getAttribute('title'),
    ).toMatch(/^Login: \+1,050 · ann · /);
  });

  it('shows the rank within a division, and a dash for a team ranked nowhere', async () => {
    show({ divisionId: 4 });
    const [gulls, terns] = await rows();
    expect(within(gulls as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('1');
    expect(within(terns as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('–');
  });

  it('keeps rank, team, score and solves only when compact, and marks the highlighted teams', async () => {
    show({ columns: 'compact', highlighted: new Set([8]) });
    const [gulls, terns] = await rows();
    expect(within(gulls as HTMLElement).getAllByRole('cell')).toHaveLength(4);
    expect(screen.queryByRole('columnheader', { name: 'Login' })).toBeNull();
    expect(gulls?.hasAttribute('data-fresh')).toBe(false);
    expect(terns?.hasAttribute('data-fresh')).toBe(true);
  });

  it('gives the top three their medal colour only once they have scored', async () => {
    show({ items: [item(7, 'Gulls', 1, 1, false), item(8, 'Terns', 2, null, false)] });
    const [gulls] = await rows();
    const rank = within(gulls as HTMLElement).getAllByRole('cell')[0]
      ?.firstElementChild as HTMLElement | null;
    expect(rank?.style.color).toBe('');
    expect(medalColor(1, 0)).toBeUndefined();
    expect(medalColor(1, 500)).toBeDefined();
    expect(medalColor(4, 500)).toBeUndefined();
  });

  it("keeps a long name whole in its tooltip, cut short on one line, linked to the team's page", async () => {
    const long = 'The Extraordinarily Long-Named Association of Harbour Gulls';
    show({
      items: [item(7, long, 1, 1, true)],
      teamLink: (teamId, name) => <a href={`/teams/${teamId}`}>{name}</a>,
    });
    const name = await screen.findByTestId('team-name');
    expect(name.getAttribute('data-truncate')).toBe('end');
    expect(within(name).getByRole('link', { name: long }).getAttribute('href')).toBe('/teams/7');
  });

  it('names a solve on hover in the one shared tooltip, or in its title inside a widget', async () => {
    show({});
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerOver(await screen.findByLabelText('First blood'));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toMatch(/^Login: \+500 · ann · /));
    show({ tips: 'title' });
    const [, titled] = await screen.findAllByLabelText('First blood');
    expect(titled?.parentElement?.getAttribute('title')).toMatch(/^Login: \+500 · ann · /);
  });

  it('folds the challenge columns away only with columns="fold"', async () => {
    show({ columns: 'fold' });
    const folding = screen.getByRole('columnheader', { name: 'Login' }).className;
    show({ columns: 'full' });
    const [, full] = screen.getAllByRole('columnheader', { name: 'Login' });
    expect(folding).not.toBe(full?.className);
  });
});
