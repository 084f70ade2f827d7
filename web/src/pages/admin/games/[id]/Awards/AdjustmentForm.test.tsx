// The award and penalty form with the SDK's calls stubbed: what an admin's edits send.
import { notifications } from '@mantine/notifications';
import type { ParticipationInfoModel, ScoreAdjustmentModel } from '@pennon/sdk';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client } from '../../../../../api/client.ts';
import { AppProviders } from '../../../../../app/AppProviders.tsx';
import { AdjustmentForm } from './AdjustmentForm.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const participation = (teamId: number, name: string): ParticipationInfoModel => ({
  id: teamId + 100,
  team: { id: teamId, locked: false, captainId: '', name, bio: null, avatar: null, members: [] },
  registeredMembers: [],
  divisionId: null,
  status: 'Accepted',
});
const bonus: ScoreAdjustmentModel = {
  id: 9,
  points: 1200,
  reason: 'Reported a bug',
  time: 1_700_000_000_000,
  teamId: 2,
  teamName: 'Terns',
  adminName: 'admin',
};

const renderForm = (adjustment?: ScoreAdjustmentModel) => {
  const onDone = vi.fn();
  render(
    <AppProviders env="test">
      <AdjustmentForm
        gameId={3}
        adjustment={adjustment}
        participations={[participation(1, 'Gulls'), participation(2, 'Terns')]}
        onDone={onDone}
      />
    </AppProviders>,
  );
  return onDone;
};

describe('award and penalty form', () => {
  it('refuses no team, no points and a blank reason before sending', async () => {
    const create = vi.spyOn(client.edit, 'createAdjustment');
    renderForm();
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a team')).toBeTruthy();
    expect(screen.getByText('Give a whole number of points other than 0')).toBeTruthy();
    expect(screen.getByText('Give a reason: players see it')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends an edit with the team, points, reason and time it keeps', async () => {
    const update = vi.spyOn(client.edit, 'updateAdjustment').mockResolvedValue({ ...bonus, points: 500 });
    const onDone = renderForm(bonus);
    const points = screen.getByLabelText(/^Points/);
    fireEvent.change(points, { target: { value: '500' } });
    fireEvent.blur(points);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(update).toHaveBeenCalledWith(3, 9, {
      teamId: 2,
      points: 500,
      reason: 'Reported a bug',
      time: bonus.time,
    });
  });
});
