import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import webPackage from '../../../package.json' with { type: 'json' };
import { AppProviders } from '../../app/AppProviders.tsx';
import { BUILD_INFO } from '../../buildInfo.ts';
import { BuildInfoCard } from './BuildInfoCard.tsx';

const renderCard = (info: Parameters<typeof BuildInfoCard>[0]['info']) =>
  render(
    <AppProviders env="test">
      <BuildInfoCard info={info} />
    </AppProviders>,
  );

describe('build info', () => {
  it('links the tag and the commit to the repository, and shows when it was built', () => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    renderCard({ sha, tag: 'v1.2.0', version: '1.2.0', time: '2026-03-04T05:06:07.000Z' });
    expect(screen.getByRole('link', { name: 'v1.2.0' }).getAttribute('href')).toMatch(
      /\/releases\/tag\/v1\.2\.0$/,
    );
    const commit = screen.getByRole('link', { name: '0123456' });
    expect(commit.getAttribute('href')).toMatch(new RegExp(`/commit/${sha}$`));
    expect(
      screen
        .getByText(/March 4, 2026/)
        .closest('time')
        ?.getAttribute('dateTime'),
    ).toBe('2026-03-04T05:06:07.000Z');
    expect(screen.getByRole('link', { name: 'Source code' })).toBeTruthy();
  });

  it('shows the version of an untagged build, and "unknown" for a commit the build could not tell', () => {
    renderCard({ sha: null, tag: null, version: '0.3.1', time: '2026-03-04T05:06:07.000Z' });
    expect(screen.getByText('0.3.1').closest('a')).toBeNull();
    expect(screen.getAllByText('unknown')).toHaveLength(1);
  });

  it('is injected at build time', () => {
    expect(Number.isNaN(Date.parse(BUILD_INFO.time))).toBe(false);
    expect(BUILD_INFO.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(BUILD_INFO.version).toBe(webPackage.version);
  });
});
