import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { Captcha } from './Captcha.tsx';
import type { CaptchaSolver } from './types.ts';
import type { CaptchaControl } from './useCaptcha.ts';

const control = (provider: CaptchaControl['provider'], solver: Partial<CaptchaSolver> | null) => {
  const renew = vi.fn();
  const captcha: CaptchaControl = {
    provider,
    solver: solver && { status: 'solving', progress: 0, error: null, answer: vi.fn(), renew, ...solver },
    container: () => {},
    answer: vi.fn(),
    renew,
  };
  render(
    <AppProviders env="test">
      <Captcha captcha={captcha} />
    </AppProviders>,
  );
  return renew;
};

describe('captcha', () => {
  it('shows nothing when the server asks for none', () => {
    control('None', null);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows how far the proof of work is', () => {
    control('HashPow', { status: 'solving', progress: 0.426 });
    expect(screen.getByRole('status').textContent).toContain('Checking this browser… 42%');
    expect(screen.getByRole('progressbar', { name: 'Human check' })).toBeTruthy();
  });

  it('says the check passed', () => {
    control('HashPow', { status: 'ready', progress: 1 });
    expect(screen.getByRole('status').textContent).toContain('Browser check passed');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('tells why it failed, and tries again', () => {
    const renew = control('HashPow', { status: 'failed', error: new Error('offline') });
    expect(screen.getByRole('alert').textContent).toContain('The human check could not run.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(renew).toHaveBeenCalledOnce();
  });

  it('gives the Turnstile widget a labelled place', () => {
    control('CloudflareTurnstile', { status: 'solving' });
    expect(screen.getByRole('group', { name: 'Human check' })).toBeTruthy();
  });
});
