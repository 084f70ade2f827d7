// The team's kept notices on the challenges page: under their heading in the player's language, newest first as the
// server gives them, and no panel at all for a team that has none.
import type { TeamNotice } from '@pennon/sdk';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders.tsx';
import { i18n } from '../../../../i18n/instance.ts';
import { TeamNoticesPanel } from './TeamNotices.tsx';

const kept: TeamNotice[] = [
  { id: 9, type: 'SolvesRemoved', solves: 3, reason: 'Flag sharing', time: 2 },
  {
    id: 4,
    type: 'VerdictCorrected',
    submissionId: 7,
    challengeId: 3,
    challenge: 'Lighthouse',
    status: 'Accepted',
    reason: 'Typo in the flag',
    time: 1,
  },
];

describe('TeamNoticesPanel', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it("lists the team's notices in the player's language, in the order given", async () => {
    await i18n.changeLanguage('fr-FR');
    render(
      <AppProviders env="test">
        <TeamNoticesPanel notices={kept} />
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Pour votre équipe' })).toBeTruthy();
    expect(screen.getAllByTestId('team-notice').map((item) => item.getAttribute('data-type'))).toEqual([
      'SolvesRemoved',
      'VerdictCorrected',
    ]);
    expect(screen.getAllByTestId('team-notice')[1]?.textContent).toContain(
      'Le flag de votre équipe pour Lighthouse a été réévalué et compte désormais comme résolu. Motif : Typo in the flag',
    );
  });

  it('shows nothing for a team without notices, or before they load', () => {
    const { container, rerender } = render(
      <AppProviders env="test">
        <TeamNoticesPanel notices={[]} />
      </AppProviders>,
    );
    expect(container.querySelector('[data-testid="team-notices"]')).toBeNull();
    rerender(
      <AppProviders env="test">
        <TeamNoticesPanel notices={undefined} />
      </AppProviders>,
    );
    expect(container.querySelector('[data-testid="team-notices"]')).toBeNull();
  });
});
