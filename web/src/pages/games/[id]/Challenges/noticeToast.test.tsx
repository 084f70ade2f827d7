// The toast colours for live notices (gzctf-api §5) and how a toast shows a notice.
import { notifications } from '@mantine/notifications';
import { correctedBloodMarker, type GameNotice, type TeamNotice } from '@pennon/sdk';
import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders.tsx';
import { MEDAL_COLORS } from '../../../../components/ChallengeCard/index.ts';
import { useNoticeText, useTeamNoticeText } from '../../../../components/NoticeList/index.ts';
import { i18n } from '../../../../i18n/instance.ts';
import {
  NOTICE_TOAST_CLOSE,
  noticeToastColor,
  showNoticeToast,
  showTeamNoticeToast,
} from './noticeToast.tsx';
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

/** Shows a team notice as the challenges page does once the hub pushes it. */
function TeamToast({ notice }: { notice: TeamNotice }) {
  const text = useTeamNoticeText();
  useEffect(() => void showTeamNoticeToast(notice, text(notice)), [notice, text]);
  return null;
}

function BloodLine({ notice }: { notice: GameNotice }) {
  return <p data-testid="blood-line">{useNoticeText()(notice)}</p>;
}

describe('verdict correction notices', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  const corrected: TeamNotice = {
    id: 1,
    type: 'VerdictCorrected',
    submissionId: 7,
    challengeId: 3,
    challenge: 'Lighthouse',
    status: 'WrongAnswer',
    reason: 'Flag shared in a public channel',
    time: 1,
  };

  it("tells the team in its language, the admin's reason as written, until closed", async () => {
    const show = vi.spyOn(notifications, 'show');
    await i18n.changeLanguage('fr-FR');
    render(
      <AppProviders env="test">
        <TeamToast notice={corrected} />
      </AppProviders>,
    );
    const toast = await screen.findByTestId('team-notice-toast');
    expect(toast.textContent).toBe(
      'Le flag de votre équipe pour Lighthouse a été réévalué et ne compte plus. Motif : Flag shared in a public channel',
    );
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Verdict corrigé', autoClose: false }),
    );
  });

  it('says how many solves went when they are removed', async () => {
    render(
      <AppProviders env="test">
        <TeamToast notice={{ id: 2, type: 'SolvesRemoved', solves: 2, reason: 'Flag sharing', time: 2 }} />
      </AppProviders>,
    );
    expect((await screen.findByTestId('team-notice-toast')).textContent).toBe(
      "The organisers removed your team's solves (2). Reason: Flag sharing",
    );
  });

  it('marks a blood notice a correction posted, and leaves the judge’s as they were', async () => {
    render(
      <AppProviders env="test">
        <BloodLine
          notice={{ id: 1, type: 'SecondBlood', time: 1, values: ['Gulls', 'Login', correctedBloodMarker] }}
        />
        <BloodLine notice={{ id: 2, type: 'SecondBlood', time: 1, values: ['Gulls', 'Login'] }} />
      </AppProviders>,
    );
    expect((await screen.findAllByTestId('blood-line')).map((line) => line.textContent)).toEqual([
      'Gulls took second blood on Login (after a verdict correction)',
      'Gulls took second blood on Login',
    ]);
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
