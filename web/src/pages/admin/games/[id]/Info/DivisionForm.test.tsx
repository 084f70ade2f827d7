// The division form with the SDK's division calls stubbed: what permissions an admin's clicks send.
import { notifications } from '@mantine/notifications';
import { type ChallengeInfoModel, GamePermission } from '@pennon/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client } from '../../../../../api/client.ts';
import { AppProviders } from '../../../../../app/AppProviders.tsx';
import { DivisionForm } from './DivisionForm.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const challenge: ChallengeInfoModel = {
  id: 5,
  title: 'Baby RSA',
  category: 'Crypto',
  type: 'StaticAttachment',
  isEnabled: true,
  score: 500,
  minScore: 250,
  originalScore: 500,
  deadlineUtc: null,
};

const renderForm = (props: Partial<Parameters<typeof DivisionForm>[0]> = {}) => {
  const onDone = vi.fn();
  render(
    <AppProviders env="test">
      <DivisionForm gameId={3} challenges={[challenge]} onDone={onDone} {...props} />
    </AppProviders>,
  );
  return onDone;
};

const toggle = (scope: HTMLElement, label: string) => fireEvent.click(within(scope).getByLabelText(label));

describe('division form', () => {
  it('creates a division with the permissions ticked, and a per-challenge override', async () => {
    const create = vi.spyOn(client.edit, 'createDivision').mockResolvedValue({
      id: 1,
      name: 'Students',
      inviteCode: null,
      defaultPermissions: 0,
      challengeConfigs: [],
    });
    const onDone = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save division' }));
    expect(await screen.findByText('Enter a name')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: ' Students ' } });
    const defaults = screen.getByRole('group', { name: 'Permissions' });
    // A new division starts with every permission.
    expect(
      within(defaults)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    toggle(defaults, 'Overall ranking');

    fireEvent.click(screen.getByRole('combobox', { name: 'Set permissions for a challenge' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Baby RSA' }));
    const override = screen.getByRole('group', { name: 'Baby RSA' });
    // The override starts from the division's permissions, then loses flag submission.
    expect((within(override).getByLabelText('Overall ranking') as HTMLInputElement).checked).toBe(false);
    toggle(override, 'Submit flags');

    fireEvent.click(screen.getByRole('button', { name: 'Save division' }));
    const defaultPermissions = GamePermission.All - GamePermission.RankOverall;
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(3, {
        name: 'Students',
        inviteCode: null,
        defaultPermissions,
        challengeConfigs: [{ challengeId: 5, permissions: defaultPermissions - GamePermission.SubmitFlags }],
      }),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  }, 20_000);

  it('edits a division: clears its code and drops an override', async () => {
    const update = vi.spyOn(client.edit, 'updateDivision').mockResolvedValue({
      id: 7,
      name: 'Pros',
      inviteCode: null,
      defaultPermissions: 0,
      challengeConfigs: [],
    });
    renderForm({
      division: {
        id: 7,
        name: 'Pros',
        inviteCode: 'SECRET',
        defaultPermissions: GamePermission.ViewChallenge | GamePermission.SubmitFlags,
        challengeConfigs: [{ challengeId: 5, permissions: GamePermission.ViewChallenge }],
      },
    });
    const defaults = screen.getByRole('group', { name: 'Permissions' });
    expect((within(defaults).getByLabelText('Get score') as HTMLInputElement).checked).toBe(false);
    toggle(defaults, 'Get score');
    fireEvent.change(screen.getByLabelText('Invite code'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the permissions for Baby RSA' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save division' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(3, 7, {
        name: 'Pros',
        inviteCode: '',
        defaultPermissions: 256 + 512 + 1024,
        challengeConfigs: [],
      }),
    );
  }, 20_000);
});
