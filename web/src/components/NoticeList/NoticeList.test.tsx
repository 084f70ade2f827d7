// The one order of notices, shared by the web client and the widgets: organisers' announcements first, then the
// system notices, each newest first, whatever order they arrive in (a pushed blood lands among the system ones).
import type { GameNotice } from '@pennon/sdk';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOAD, renderAt } from '../../../test/render.tsx';
import { NoticeList } from './NoticeList.tsx';
import { orderNotices } from './order.ts';

const notice = (id: number, type: GameNotice['type'], time: number, values: string[]): GameNotice => ({
  id,
  type,
  time,
  values,
});

// As the web client holds them after a live push: the newest blood prepended to the server's list.
const arrived = [
  notice(5, 'FirstBlood', 500, ['Gulls', 'Login']),
  notice(2, 'Normal', 200, ['Welcome aboard']),
  notice(4, 'Normal', 400, ['Dinner at eight']),
  notice(3, 'NewChallenge', 300, ['Harbour']),
  notice(6, 'NewHint', 300, ['Login']),
];

describe('orderNotices', () => {
  it("puts the organisers' notices first, then the system ones, each newest first (ties: newest id)", () => {
    expect(orderNotices(arrived).map((item) => item.id)).toEqual([4, 2, 5, 6, 3]);
    expect(arrived[0]?.id).toBe(5);
  });
});

describe('NoticeList', () => {
  it('shows notices in that order whatever order it is given them in', async () => {
    renderAt('/', [{ path: '/', element: <NoticeList notices={arrived} /> }]);
    // Organisers' notices are Markdown, rendered once its renderer has loaded.
    await screen.findByText('Dinner at eight', {}, LOAD);
    expect(screen.getAllByTestId('notice').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Dinner at eight'),
      expect.stringContaining('Welcome aboard'),
      expect.stringContaining('Gulls took first blood on Login'),
      expect.stringContaining('New hint for Login'),
      expect.stringContaining('New challenge: Harbour'),
    ]);
  });
});
