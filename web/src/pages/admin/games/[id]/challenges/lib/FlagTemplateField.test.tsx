// The template field's live preview, made by the SDK's (the server's) flag rule for a sample team.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../../../app/AppProviders.tsx';
import { FlagTemplateField } from './FlagTemplateField.tsx';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <FlagTemplateField value={value} onChange={setValue} />;
}

const renderField = (initial = '') =>
  render(
    <AppProviders env="test">
      <Harness initial={initial} />
    </AppProviders>,
  );

const preview = () => screen.getByTestId('template-preview').textContent ?? '';
const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Flag template'), { target: { value: text } });

describe('flag template field', () => {
  it('shows a GUID flag without a template, then follows the template as typed', () => {
    renderField();
    expect(preview()).toMatch(/^flag\{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}$/);
    expect(screen.getByText('Without a template each team gets flag{<random GUID>}.')).toBeTruthy();

    type('flag{team_[TEAM_HASH]}');
    const hash = /sample team hash ([0-9a-f]{12})/.exec(document.body.textContent ?? '')?.[1];
    expect(hash).toBeTruthy();
    expect(preview()).toBe(`flag{team_${hash}}`);
    expect(screen.queryByTestId('template-weak')).toBeNull();
  });

  it('leets the letters inside the braces and warns about a guessable template', () => {
    renderField();
    type('flag{abc}');
    expect(preview()).toMatch(/^flag\{[Aa4][Bb68][Cc]\}$/);
    expect(screen.getByTestId('template-weak').textContent).toContain('Too easy to guess');

    type(`[CLEET]flag{${'hello world '.repeat(3).trim()}}`);
    expect(preview()).toMatch(/^flag\{\S+\}$/);
    expect(preview()).toContain('_');
    expect(screen.queryByTestId('template-weak')).toBeNull();
  });

  it('rolls another sample team on demand', () => {
    renderField('flag{[TEAM_HASH]}');
    const first = preview();
    fireEvent.click(screen.getByRole('button', { name: 'Another example' }));
    expect(preview()).toMatch(/^flag\{[0-9a-f]{12}\}$/);
    expect(preview()).not.toBe(first);
  });

  it('warns when the flag would be too long to submit', () => {
    renderField();
    type(`flag{${'x'.repeat(90)}[GUID]}`);
    expect(screen.getByTestId('template-long')).toBeTruthy();
  });
});
