import { BRAND_PALETTE } from '@pennon/sdk/theme';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { LOAD } from '../../../test/render.tsx';
import { AppProviders } from '../../app/AppProviders.tsx';
import { STORAGE_KEYS } from '../../constants.ts';
import { ThemeSelector } from './ThemeSelector.tsx';

/** The base shade of the primary colour in the CSS variables Mantine writes for the page. */
const appliedColor = () =>
  /--mantine-color-brand-6: (#[0-9a-f]{6})/i.exec(
    document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '',
  )?.[1];

/** The selector within the app's providers, which apply the palette it gives. */
const renderSelector = () =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AppProviders env="test">
        <ThemeSelector />
      </AppProviders>
    </SWRConfig>,
  );

/** Opens the selector and waits for its choice, loaded on first opening. */
const openSelector = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Theme colour' }));
  const dialog = await screen.findByRole('dialog', { name: 'Theme colour' });
  await within(dialog).findByRole('radiogroup', { name: 'Colour source' }, LOAD);
  return dialog;
};

// Generous: the whole app's providers render on a machine other test runs share.
describe('ThemeSelector', { timeout: 20_000 }, () => {
  it('applies a custom colour at once, refuses an invalid one, and goes back to the brand palette', async () => {
    renderSelector();
    const dialog = await openSelector();
    expect(within(dialog).getByRole('radio', { name: 'Managed' })).toHaveProperty('checked', true);
    expect(dialog.textContent).toContain('The platform sets no colour');
    expect(appliedColor()).toBe(BRAND_PALETTE[6]);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    // Custom starts from the colour in use.
    const input = await within(dialog).findByRole('textbox', { name: 'Custom colour' });
    expect(input).toHaveProperty('value', BRAND_PALETTE[6]);

    fireEvent.change(input, { target: { value: '#e03131' } });
    await waitFor(() => expect(appliedColor()).toBe('#e03131'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.theme) ?? '')).toEqual({
      provider: 'Custom',
      color: '#e03131',
    });

    fireEvent.change(input, { target: { value: '#e0313' } });
    expect(await within(dialog).findByText(/six hexadecimal digits/)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(appliedColor()).toBe('#e03131');

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Default' }));
    await waitFor(() => expect(appliedColor()).toBe(BRAND_PALETTE[6]));
    expect(within(dialog).queryByRole('textbox', { name: 'Custom colour' })).toBeNull();

    // The last custom colour is kept for when Custom is chosen again.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Custom colour' })).toHaveProperty(
      'value',
      '#e03131',
    );
    expect(appliedColor()).toBe('#e03131');
  });

  it('starts from the stored choice', async () => {
    localStorage.setItem(STORAGE_KEYS.theme, JSON.stringify({ provider: 'Custom', color: '#7048e8' }));
    renderSelector();
    const dialog = await openSelector();
    expect(within(dialog).getByRole('radio', { name: 'Custom' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('textbox', { name: 'Custom colour' })).toHaveProperty('value', '#7048e8');
    expect(appliedColor()).toBe('#7048e8');
  });
});
