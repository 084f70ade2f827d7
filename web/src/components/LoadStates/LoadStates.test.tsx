import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { LoadStates, type LoadStatesProps } from './LoadStates.tsx';

const show = (props: Partial<LoadStatesProps<string[]>>) => {
  const retry = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders env="test">{children}</AppProviders>
  );
  const view = render(
    <LoadStates<string[]>
      data={undefined}
      error={undefined}
      retry={retry}
      errorTitle="monitor.events.load_failed"
      loading={<p>loading…</p>}
      isEmpty={(items) => items.length === 0}
      empty={<p>nothing yet</p>}
      {...props}
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </LoadStates>,
    { wrapper },
  );
  return { retry, ...view };
};

describe('LoadStates', () => {
  it('shows the placeholder while loading, then the content', () => {
    const { rerender } = show({});
    expect(screen.getByText('loading…')).toBeTruthy();
    rerender(
      <AppProviders env="test">
        <LoadStates data={['Lighthouse']} error={undefined} retry={() => {}} errorTitle="x" loading={1}>
          {(items) => <p>{items.join()}</p>}
        </LoadStates>
      </AppProviders>,
    );
    expect(screen.getByText('Lighthouse')).toBeTruthy();
  });

  it('shows the failure with a retry when nothing was loaded', () => {
    const { retry } = show({ error: new Error('The server is unreachable') });
    expect(screen.getByRole('alert').textContent).toContain('The server is unreachable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('keeps showing what was loaded when a later refresh fails', () => {
    show({ data: ['Buoy'], error: new Error('offline') });
    expect(screen.getByText('Buoy')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty state when the loaded data has nothing to show', () => {
    show({ data: [] });
    expect(screen.getByText('nothing yet')).toBeTruthy();
  });
});
