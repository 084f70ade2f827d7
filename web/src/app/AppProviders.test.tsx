import { render } from '@testing-library/react';
import { useSWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders.tsx';

describe('data fetching defaults', () => {
  it("are client-spec §9's: 10 s refresh, retry after 5 s, focus throttle 5 s, dedupe 2 s, slow after 3 s", () => {
    let config: Partial<ReturnType<typeof useSWRConfig>> = {};
    function Probe() {
      config = useSWRConfig();
      return null;
    }
    render(
      <AppProviders env="test">
        <Probe />
      </AppProviders>,
    );
    expect(config).toMatchObject({
      refreshInterval: 10_000,
      errorRetryInterval: 5000,
      focusThrottleInterval: 5000,
      dedupingInterval: 2000,
      loadingTimeout: 3000,
    });
  });
});
