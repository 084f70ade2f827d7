import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../../../../../test/render.tsx';
import { ScoreCurveChart } from './ScoreCurveChart.tsx';

const scoring = { originalScore: 1000, minScoreRate: 0.25, difficulty: 5 };

const caption = async (solved: number) => {
  const view = renderAt('/', [{ path: '/', element: <ScoreCurveChart scoring={scoring} solved={solved} /> }]);
  const text = (await screen.findByTestId('score-curve-caption')).textContent;
  view.unmount();
  return text;
};

describe('ScoreCurveChart', () => {
  it('counts the solves in its caption, values grouped as the locale does', async () => {
    expect(await caption(1)).toMatch(
      /^The first solve is worth 1,000 points.* With 1 solve now, it is worth 1,000\.$/,
    );
    expect(await caption(3)).toMatch(/With 3 solves now, each is worth \d+\.$/);
    expect(await caption(0)).toMatch(/With 0 solves now, each is worth 1,000\.$/);
  });
});
