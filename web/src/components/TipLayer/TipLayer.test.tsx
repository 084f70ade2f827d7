import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { TipLayer, tipProps } from './TipLayer.tsx';

const show = () =>
  renderAt('/', [
    {
      path: '/',
      element: (
        <TipLayer>
          <span {...tipProps('Login · Web · 480')}>Login</span>
          <a href="/teams/7" {...tipProps('Gulls · We fly')}>
            Gulls
          </a>
          <span>Plain</span>
        </TipLayer>
      ),
    },
  ]);

const tip = () => screen.queryByRole('tooltip');

describe('TipLayer', () => {
  it('shows the text of what the mouse is over, and nothing once it leaves', async () => {
    show();
    expect(tip()).toBeNull();
    fireEvent.pointerOver(await screen.findByText('Login'));
    await waitFor(() => expect(tip()?.textContent).toBe('Login · Web · 480'));
    fireEvent.pointerOver(screen.getByText('Plain'));
    await waitFor(() => expect(tip()).toBeNull());
  });

  it('shows it for the focused element, and hides it on blur', async () => {
    show();
    const link = await screen.findByRole('link', { name: 'Gulls' });
    fireEvent.focus(link);
    await waitFor(() => expect(tip()?.textContent).toBe('Gulls · We fly'));
    fireEvent.blur(link);
    await waitFor(() => expect(tip()).toBeNull());
  });

  it('keeps a tapped tooltip until a tap elsewhere', async () => {
    show();
    const login = await screen.findByText('Login');
    fireEvent.pointerOver(login);
    fireEvent.pointerLeave(login.parentElement as HTMLElement, { pointerType: 'touch' });
    await waitFor(() => expect(tip()?.textContent).toBe('Login · Web · 480'));
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(tip()).toBeNull());
  });
});
