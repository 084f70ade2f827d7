// Server files saved by the browser, with the notification that follows the download.
import { notifications } from '@mantine/notifications';
import { PennonError } from '@pennon/sdk';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders.tsx';
import { i18n } from '../i18n/instance.ts';
import { downloadWithNotice } from './download.ts';

const t = i18n.t.bind(i18n);
let saved: { href: string; download: string }[] = [];

// jsdom has no object URLs.
URL.createObjectURL = () => 'blob:sheet';
URL.revokeObjectURL = () => {};

beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  render(<AppProviders env="test">{null}</AppProviders>);
});

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe('downloads', () => {
  it('save the file under the server’s name and say it finished', async () => {
    const ok = await downloadWithNotice(
      async () => ({ data: new Blob(['x']), fileName: 'Cup_Submissions_20261121.xlsx' }),
      'fallback.xlsx',
      t,
    );
    expect(ok).toBe(true);
    expect(saved).toEqual([{ href: 'blob:sheet', download: 'Cup_Submissions_20261121.xlsx' }]);
    expect(await screen.findByText('Download finished')).toBeTruthy();
  });

  it('fall back to a name of their own when the server gives none', async () => {
    await downloadWithNotice(async () => ({ data: new Blob(['x']), fileName: '' }), 'submissions-3.xlsx', t);
    expect(saved.map((file) => file.download)).toEqual(['submissions-3.xlsx']);
  });

  it('say why a download failed, in the server’s words', async () => {
    const ok = await downloadWithNotice(
      async () => {
        throw PennonError.http(400, { title: 'The game has not started yet' });
      },
      'x.xlsx',
      t,
    );
    expect(ok).toBe(false);
    expect(saved).toEqual([]);
    expect(await screen.findByText('Download failed')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('The game has not started yet')).toBeTruthy());
  });
});
