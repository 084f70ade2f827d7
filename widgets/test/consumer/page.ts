// A host page's script as an npm user of @pennon/widgets writes it, compiled by types.test.ts against the built
// declarations (dist/types.d.ts). Each @ts-expect-error fails the compile if the types it guards went missing.
import { SCOREBOARD_TAG, type SolveDetail } from '@pennon/widgets';

const board = document.querySelector(SCOREBOARD_TAG);
if (board) {
  board.rows = '5';
  board.colorScheme = 'dark';
  // @ts-expect-error attributes are strings, as on the element
  board.rows = 5;
  board.addEventListener('pennon-first-blood', (event) => {
    const solve: SolveDetail = event.detail;
    // @ts-expect-error a solve names its team, it holds no flag
    console.log(solve.team, solve.flag);
  });
}

document.querySelector('pennon-notices')?.addEventListener('pennon-notice', (event) => {
  const { notice } = event.detail;
  const when: number = notice.time;
  // @ts-expect-error a notice's values are strings
  const first: number = notice.values[0];
  console.log(notice.type, when, first);
});
