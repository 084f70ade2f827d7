// The challenge modal with the SDK's challenge call stubbed: authored text as Markdown, the flag box's
// placeholder, a solved challenge, and the attachment's download name.
import type { ChallengeDetailModel, ChallengeInfo } from '@pennon/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOAD } from '../../../../../test/render.tsx';
import { client } from '../../../../api/client.ts';
import { AppProviders } from '../../../../app/AppProviders.tsx';
import { ChallengeModal } from './ChallengeModal.tsx';

afterEach(() => vi.restoreAllMocks());

const info: ChallengeInfo = {
  id: 5,
  title: 'Lighthouse',
  category: 'Misc',
  score: 500,
  solved: 1,
  deadline: null,
  bloods: [],
  disableBloodBonus: false,
};

const detail = (extra: Partial<ChallengeDetailModel> = {}): ChallengeDetailModel => ({
  id: 5,
  title: 'Lighthouse',
  content: 'Find the keeper.',
  category: 'Misc',
  hints: ['Run `nc host 1337`, see [the manual](https://example.org/man) <img src=x onerror=alert(1)>'],
  score: 500,
  type: 'DynamicAttachment',
  context: { closeTime: null, instanceEntry: null, url: '/assets/abc/Keeper%20log.txt', fileSize: 12 },
  limit: 0,
  attempts: 0,
  deadline: null,
  ...extra,
});

const renderModal = (props: Partial<Parameters<typeof ChallengeModal>[0]> = {}) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppProviders env="test">
        <ChallengeModal
          gameId={3}
          info={info}
          solved={false}
          onClose={() => {}}
          onScoreChanged={() => {}}
          {...props}
        />
      </AppProviders>
    </SWRConfig>,
  );

describe('challenge modal', () => {
  it('renders hints as sanitised Markdown: inline code and links, no script', async () => {
    vi.spyOn(client.game, 'challenge').mockResolvedValue(detail());
    renderModal();
    const hints = await screen.findByTestId('hints');
    await waitFor(() => expect(hints.querySelector('code')?.textContent).toBe('nc host 1337'), {
      ...LOAD,
    });
    expect(hints.querySelector('a')?.getAttribute('href')).toBe('https://example.org/man');
    expect(hints.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
  });

  it("shows the flags' format as the placeholder, a neutral one when the wire gives none", async () => {
    const challenge = vi
      .spyOn(client.game, 'challenge')
      .mockResolvedValue(detail({ flagFormat: 'uxctf{...}' }));
    const { unmount } = renderModal();
    await waitFor(() => expect(screen.getByLabelText('Flag').getAttribute('placeholder')).toBe('uxctf{...}'));
    unmount();
    challenge.mockResolvedValue(detail());
    renderModal();
    await screen.findByTestId('hints');
    expect(screen.getByLabelText('Flag').getAttribute('placeholder')).toBe('Enter the flag');
  });

  it('says who solved it and when, in place of the flag box', async () => {
    vi.spyOn(client.game, 'challenge').mockResolvedValue(detail());
    const time = Date.UTC(2026, 10, 20, 9, 30);
    renderModal({
      solved: true,
      solve: { id: 5, score: 500, type: 'FirstBlood', userName: 'skipper', time },
    });
    const note = await screen.findByTestId('solved-note');
    expect(note.textContent).toContain('skipper solved it for your team on');
    expect(note.textContent).toContain('2026');
    expect(screen.queryByLabelText('Flag')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('saves the attachment under its file name', async () => {
    vi.spyOn(client.game, 'challenge').mockResolvedValue(detail());
    renderModal();
    const link = await screen.findByRole('link', { name: 'Download attachment' });
    expect(link.getAttribute('download')).toBe('Keeper log.txt');
  });

  it('asks before unlocking a hint with a cost, naming it, then shows its content and refreshes the score', async () => {
    const locked = { id: 8, title: 'Where to look', cost: 120, unlocked: false, content: null };
    const free = { id: 9, title: 'Tide tables', cost: 0, unlocked: true, content: 'High at noon' };
    const challenge = vi
      .spyOn(client.game, 'challenge')
      .mockResolvedValue(detail({ hints: ['Look up', 'High at noon'], costedHints: [locked, free] }));
    const unlock = vi
      .spyOn(client.game, 'unlockHint')
      .mockResolvedValue({ ...locked, unlocked: true, content: 'Under the step' });
    const onScoreChanged = vi.fn();
    renderModal({ onScoreChanged });
    const hints = await screen.findByTestId('costed-hints');
    // A free titled hint shows once, with its title, not again among the plain hints.
    expect(within(screen.getByTestId('hints')).queryByText('High at noon')).toBeNull();
    await waitFor(() => expect(hints.textContent).toContain('High at noon'), LOAD);
    expect(hints.textContent).not.toContain('Under the step');

    challenge.mockResolvedValue(
      detail({ costedHints: [{ ...locked, unlocked: true, content: 'Under the step' }, free] }),
    );
    fireEvent.click(within(hints).getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock this hint?' });
    expect(dialog.textContent).toContain('“Where to look” costs your team 120 points');
    expect(unlock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock for 120 points' }));
    await waitFor(() => expect(unlock).toHaveBeenCalledWith(3, 5, 8));
    await waitFor(() => expect(onScoreChanged).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('costed-hints').textContent).toContain('Under the step'), {
      ...LOAD,
    });
  });
});
