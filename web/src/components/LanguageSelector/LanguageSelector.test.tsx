import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { i18n } from '../../i18n/instance.ts';

const openMenuAndPick = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: /^(Language|Langue)$/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name }));
};

describe('LanguageSelector', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('asks before switching to a machine-translated locale, and can switch back to English', async () => {
    renderAt('/About');
    await openMenuAndPick('Français');
    const dialog = await screen.findByRole('dialog', { name: 'Traduction automatique' });
    expect(dialog.textContent).toContain('machine');
    expect(i18n.language).toBe('fr-FR');
    expect(document.documentElement.lang).toBe('fr-FR');

    const links = [...dialog.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: "Passer à l'anglais" }));
    await waitFor(() => expect(i18n.language).toBe('en-US'));
    expect(document.documentElement.lang).toBe('en-US');
    expect(await screen.findByRole('heading', { level: 1, name: 'About' })).toBeTruthy();
  });

  it('switches without asking to a fully translated locale', async () => {
    renderAt('/About');
    await openMenuAndPick('日本語');
    await waitFor(() => expect(i18n.language).toBe('ja-JP'));
    expect(document.documentElement.lang).toBe('ja-JP');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
