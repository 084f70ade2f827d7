// The toast colours for live notices (gzctf-api §5) and how a toast shows a notice.
import { notifications } from '@mantine/notifications';
import type { GameNotice } from '@pennon/sdk';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders.tsx';
import { MEDAL_COLORS } from '../../../../components/ChallengeCard/index.ts';
import { NOTICE_TOAST_CLOSE, noticeToastColor, showNoticeToast } from './noticeToast.tsx';
import { WRITEUP_MAX_BYTES, writeupProblem } from './WriteupCard.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('notice toast colours', () => {
  it.each([
    ['NewChallenge', 'yellow'],
    ['NewHint', 'yellow'],
    ['Normal', 'brand'],
    ['FirstBlood', MEDAL_COLORS[0]],
    ['SecondBlood', MEDAL_COLORS[1]],
    ['ThirdBlood', MEDAL_COLORS[2]],
  ] as const)('%s is %s', (type, color) => {
    expect(noticeToastColor(type, 'brand')).toBe(color);
  });

  it('uses whatever the primary colour is for organisers’ notices', () => {
    expect(noticeToastColor('Normal', 'teal')).toBe('teal');
  });

  it('shows a 5 s toast in the mapped colour, with names as text', async () => {
    const show = vi.spyOn(notifications, 'show');
    render(<AppProviders env="test">{null}</AppProviders>);
    const notice: GameNotice = {
      id: 9,
      time: Date.now(),
      type: 'FirstBlood',
      values: ['<img src=x onerror=alert(1)>', 'Lighthouse'],
    };
    showNoticeToast(notice, 'First blood', `${notice.values[0]} took first blood`, 'brand');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: MEDAL_COLORS[0],
        autoClose: NOTICE_TOAST_CLOSE,
        title: 'First blood',
      }),
    );
    const toast = await screen.findByTestId('notice-toast');
    await waitFor(() => expect(toast.textContent).toBe('<img src=x onerror=alert(1)> took first blood'));
    expect(toast.querySelector('img')).toBeNull();
    expect(toast.getAttribute('data-type')).toBe('FirstBlood');
  });
});

describe('writeup file checks', () => {
  it('accepts a PDF up to 20 MiB', () => {
    expect(writeupProblem({ name: 'w.pdf', type: 'application/pdf', size: WRITEUP_MAX_BYTES })).toBeNull();
    expect(writeupProblem({ name: 'W.PDF', type: '', size: 10 })).toBeNull();
  });

  it('rejects other files and larger ones', () => {
    expect(writeupProblem({ name: 'w.docx', type: 'application/msword', size: 10 })).toBe(
      'game.writeup.not_pdf',
    );
    expect(writeupProblem({ name: 'w.pdf', type: 'application/pdf', size: WRITEUP_MAX_BYTES + 1 })).toBe(
      'game.writeup.too_large',
    );
  });
});
