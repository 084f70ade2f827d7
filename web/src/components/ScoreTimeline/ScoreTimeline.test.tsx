import type { TopTimeLine } from '@pennon/sdk';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { ScoreTimeline } from './ScoreTimeline.tsx';

// Counts the lines made (the chart's costliest work on a phone), drawing them as d3 does.
const { madeLines } = vi.hoisted(() => ({ madeLines: { count: 0 } }));
vi.mock('d3-shape', async (importOriginal) => {
  const d3 = await importOriginal<typeof import('d3-shape')>();
  return {
    ...d3,
    line: (...args: Parameters<typeof d3.line>) => {
      madeLines.count += 1;
      return d3.line(...args);
    },
  };
});

const HOUR = 3600_000;
const start = Date.UTC(2026, 0, 1, 8);
const end = start + 48 * HOUR;

const teams: TopTimeLine[] = [
  {
    id: 1,
    name: 'Gulls',
    items: [
      { time: start + HOUR, score: 100 },
      { time: start + 3 * HOUR, score: 350 },
    ],
  },
  { id: 2, name: 'Terns', items: [{ time: start + 2 * HOUR, score: 200 }] },
  { id: 3, name: 'Skuas', items: [{ time: start + 4 * HOUR, score: 50 }] },
];

/** jsdom lays nothing out: the chart's container is measured 400 px wide, as a browser would report it. */
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const size = [{ inlineSize: 400, blockSize: 260 }];
    this.callback(
      [
        { target, borderBoxSize: size, contentBoxSize: size, contentRect: { width: 400, height: 260 } },
      ] as never,
      this as never,
    );
  }
  unobserve() {}
  disconnect() {}
}

const show = () =>
  renderAt('/', [
    { path: '/', element: <ScoreTimeline teams={teams} start={start} end={end} range="all" /> },
  ]);

describe('ScoreTimeline', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', SizedResizeObserver);
    vi.useFakeTimers({ toFake: ['Date'], now: start + 5 * HOUR });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws one step line per team, in the colour of its legend swatch', async () => {
    show();
    const chart = await screen.findByRole('img', { name: /^Scores from .+: Gulls, Terns, and Skuas$/ });
    const lines = within(chart).getAllByTestId('timeline-line');
    expect(lines.map((line) => line.getAttribute('data-series'))).toEqual(['Gulls', 'Terns', 'Skuas']);
    const swatches = [
      ...screen.getByTestId('timeline-legend').querySelectorAll<HTMLElement>('[data-series]'),
    ];
    expect(lines.map((line) => line.getAttribute('stroke'))).toEqual(
      swatches.map((swatch) => swatch.style.backgroundColor),
    );
    expect(new Set(lines.map((line) => line.getAttribute('stroke'))).size).toBe(3);
    // A step line: its segments are horizontal or vertical only.
    expect(lines[0]?.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(?:[HV][\d.]+|L[\d.]+,[\d.]+)+$/);
  });

  it('draws its lines in its first commit, before the browser paints a frame', async () => {
    // A ResizeObserver reports only after a frame was laid out: this one never does. The width measured in the
    // commit is all the chart gets, so a phone paints it with its lines in the first frame.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 260));
    show();
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('width')).toBe('400');
    expect(within(chart).getAllByTestId('timeline-line')).toHaveLength(3);
  });

  it('groups the score axis as the table does', async () => {
    const big = teams.map((team) => ({
      ...team,
      items: team.items.map((i) => ({ ...i, score: i.score * 40 })),
    }));
    renderAt('/', [
      { path: '/', element: <ScoreTimeline teams={big} start={start} end={end} range="all" /> },
    ]);
    const chart = await screen.findByRole('img');
    const ticks = [...chart.querySelectorAll('text')].map((t) => t.textContent);
    expect(ticks).toContain('14,000');
    expect(ticks).not.toContain('14000');
  });

  it('makes each line once: not before its width is known, and not again for the measured width', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 260));
    madeLines.count = 0;
    show();
    const chart = await screen.findByRole('img');
    expect(within(chart).getAllByTestId('timeline-line')).toHaveLength(3);
    expect(madeLines.count).toBe(3);
  });

  it('reads out the time and every score at the moment under the pointer', async () => {
    show();
    const chart = await screen.findByRole('img');
    expect(screen.queryByTestId('timeline-readout')).toBeNull();
    // The axis runs from the game's start to now (5 h) over about x = 29…388: x = 280 is about 3.5 h in, after
    // Gulls' second solve and Terns' first, before Skuas scored.
    fireEvent.pointerMove(chart, { clientX: 280, pointerType: 'mouse' });
    const readout = await screen.findByTestId('timeline-readout');
    const scores = Object.fromEntries(
      [...readout.querySelectorAll('div')].map((entry) => [
        entry.children[1]?.textContent,
        entry.children[2]?.textContent,
      ]),
    );
    expect(scores).toEqual({ Gulls: '350', Terns: '200', Skuas: '0' });
    expect(readout.textContent).toMatch(/1\/1\/26/);
    fireEvent.pointerLeave(chart, { pointerType: 'mouse' });
    expect(screen.queryByTestId('timeline-readout')).toBeNull();
  });
});
