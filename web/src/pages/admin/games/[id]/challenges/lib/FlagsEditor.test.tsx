// The flag list of a static challenge: several flags pasted at once, and deleting one after confirming.
import { notifications } from '@mantine/notifications';
import type { ChallengeEditDetailModel } from '@pennon/sdk';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editableChallenge } from '../../../../../../../test/fixtures.ts';
import { client } from '../../../../../../api/client.ts';
import { AppProviders } from '../../../../../../app/AppProviders.tsx';
import { FlagsEditor } from './FlagsEditor.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const renderEditor = (c: ChallengeEditDetailModel, refresh = vi.fn(async () => {})) => {
  render(
    <AppProviders env="test">
      <FlagsEditor gameId={3} challenge={c} refresh={refresh} />
    </AppProviders>,
  );
  return refresh;
};

describe('flags editor', () => {
  it('adds the pasted flags once each, leaving out ones the challenge has', async () => {
    const add = vi.spyOn(client.edit, 'addFlags').mockResolvedValue();
    const refresh = renderEditor(editableChallenge());
    expect(screen.getByText('flag{old}')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New flags'), {
      target: { value: 'flag{a}\n\n  flag{b}\nflag{a}\nflag{old}\n' },
    });
    expect(screen.getByText('Repeated flags are left out (2).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add flags (2)' }));

    await waitFor(() => expect(add).toHaveBeenCalledWith(3, 9, [{ flag: 'flag{a}' }, { flag: 'flag{b}' }]));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect((screen.getByLabelText('New flags') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Add flags (0)' })).toHaveProperty('disabled', true);
  });

  it('deletes a flag once confirmed', async () => {
    const remove = vi.spyOn(client.edit, 'deleteFlag').mockResolvedValue('Success');
    const refresh = renderEditor(editableChallenge());
    fireEvent.click(screen.getByRole('button', { name: 'Delete flag flag{old}' }));
    expect(await screen.findByText('Delete the flag flag{old}?')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(3, 9, 1));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('shows each flag file of a dynamic-attachment challenge and adds one flag with its file', async () => {
    const add = vi.spyOn(client.edit, 'addFlags').mockResolvedValue();
    renderEditor(
      editableChallenge({
        type: 'DynamicAttachment',
        flags: [
          {
            id: 2,
            flag: 'flag{t1}',
            attachment: { id: 5, type: 'Remote', url: 'https://f.example/1', fileSize: null },
          },
        ],
      }),
    );
    expect(screen.getByRole('link', { name: /Remote link/ }).getAttribute('href')).toBe(
      'https://f.example/1',
    );

    fireEvent.change(screen.getByLabelText('Flag'), { target: { value: 'flag{t2}' } });
    const addButton = screen.getByRole('button', { name: 'Add flags (1)' });
    expect(addButton).toHaveProperty('disabled', true); // no file yet
    expect(screen.queryByRole('radio', { name: 'None' })).toBeNull(); // each team needs a file
    fireEvent.click(screen.getByRole('radio', { name: 'Remote link' }));
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'https://f.example/2' } });
    fireEvent.click(addButton);
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith(3, 9, [
        { flag: 'flag{t2}', attachmentType: 'Remote', fileHash: null, remoteUrl: 'https://f.example/2' },
      ]),
    );
  });

  it('empties the flag and its file field once the flag is added, ready for the next team', async () => {
    vi.spyOn(client.assets, 'upload').mockResolvedValue([
      { hash: 'a'.repeat(64), name: 'team1.zip' },
    ] as Awaited<ReturnType<typeof client.assets.upload>>);
    const add = vi.spyOn(client.edit, 'addFlags').mockResolvedValue();
    renderEditor(editableChallenge({ type: 'DynamicAttachment', flags: [] }));

    fireEvent.change(screen.getByLabelText('Flag'), { target: { value: 'flag{t1}' } });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['zip'], 'team1.zip')] } });
    const fileField = () => screen.getByRole('button', { name: /File/ });
    await waitFor(() => expect(fileField().textContent).toContain('team1.zip'));
    fireEvent.click(screen.getByRole('button', { name: 'Add flags (1)' }));

    await waitFor(() => expect(add).toHaveBeenCalled());
    await waitFor(() => expect(fileField().textContent).not.toContain('team1.zip'));
    expect((screen.getByLabelText('Flag') as HTMLInputElement).value).toBe('');
  });
});
