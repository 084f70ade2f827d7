// The writeup card with the SDK's writeup calls stubbed.
import { notifications } from '@mantine/notifications';
import { PennonError } from '@pennon/sdk';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOAD } from '../../../../../test/render.tsx';
import { client } from '../../../../api/client.ts';
import { AppProviders } from '../../../../app/AppProviders.tsx';
import { WriteupCard } from './WriteupCard.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const renderCard = (deadline = Date.now() + 3600_000) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppProviders env="test">
        <WriteupCard gameId={3} deadline={deadline} now={Date.now()} />
      </AppProviders>
    </SWRConfig>,
  );

const choose = (file: File) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
};

describe('writeup card', () => {
  it('shows the note and the submission, checks the file, then uploads it', async () => {
    const info = vi.spyOn(client.game, 'writeup').mockResolvedValue({
      submitted: false,
      name: '#',
      fileSize: 0,
      note: 'Explain **every** step, see [the template](https://example.org/t.pdf)',
    });
    const submit = vi.spyOn(client.game, 'submitWriteup').mockImplementation(async () => {
      info.mockResolvedValue({ submitted: true, name: 'Writeup-3-7.pdf', fileSize: 2048, note: '' });
    });
    renderCard();
    // The organiser's note is Markdown, like the challenge text.
    const note = await screen.findByTestId('writeup-note', {}, LOAD);
    expect(note.querySelector('strong')?.textContent).toBe('every');
    expect(note.querySelector('a')?.getAttribute('href')).toBe('https://example.org/t.pdf');
    expect(screen.getByText('Your team has not submitted a writeup yet.')).toBeTruthy();

    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByTestId('writeup-error')).textContent).toBe('The writeup must be a PDF file.');
    choose(new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(screen.getByTestId('writeup-error').textContent).toBe('The writeup must be at most 20 MiB.'),
    );
    expect(submit).not.toHaveBeenCalled();

    const pdf = new File(['%PDF-1.7'], 'ours.pdf', { type: 'application/pdf' });
    choose(pdf);
    await waitFor(() => expect(submit).toHaveBeenCalledWith(3, pdf));
    expect((await screen.findByTestId('writeup-file')).textContent).toBe('Writeup-3-7.pdf · 2.0 KiB');
    expect(screen.queryByTestId('writeup-error')).toBeNull();
  });

  it('shows a server error', async () => {
    vi.spyOn(client.game, 'writeup').mockResolvedValue({
      submitted: false,
      name: '#',
      fileSize: 0,
      note: '',
    });
    vi.spyOn(client.game, 'submitWriteup').mockRejectedValue(
      PennonError.http(400, { title: 'Writeup deadline passed' }),
    );
    renderCard();
    await screen.findByText('Your team has not submitted a writeup yet.');
    choose(new File(['%PDF'], 'late.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('writeup-error')).textContent).toBe('Writeup deadline passed');
  });
});
