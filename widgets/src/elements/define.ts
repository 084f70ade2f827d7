// Registers a React component as a custom element through r2wc, in an open shadow root with the shared
// stylesheet. Every attribute is passed as the string it is (or undefined when absent) and parsed by the
// component (attributes.ts): r2wc itself skips empty and removed attributes, but `<pennon-scoreboard compact>`
// is empty and removing `compact` must turn it off.
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { adoptStyles } from '../shell/styles.ts';
import type { WidgetAttributes } from '../types.ts';

export interface WidgetProps extends WidgetAttributes {
  /** The shadow root, from r2wc. */
  container?: HTMLElement;
}

const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcElement extends HTMLElement {
  container: ShadowRoot;
  [PROPS]: Record<string, string | undefined>;
  [RENDER](): void;
}

/** What every element takes besides its own attributes. */
const SHARED_ATTRIBUTES = ['theme'] as const satisfies readonly (keyof WidgetAttributes)[];

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

export const defineWidget = (
  tag: string,
  component: ComponentType<WidgetProps>,
  attributes: readonly (keyof WidgetAttributes)[],
): void => {
  // A second copy of the script on the page leaves the first one's elements in place.
  if (customElements.get(tag)) return;
  const Base = r2wc(component, {
    shadow: 'open',
    props: Object.fromEntries([...SHARED_ATTRIBUTES, ...attributes].map((name) => [name, 'string'])),
  }) as unknown as new () => R2wcElement;
  class PennonWidget extends Base {
    constructor() {
      super();
      adoptStyles(this.container);
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      this[PROPS][camelCase(name)] = value ?? undefined;
      this[RENDER]();
    }
  }
  customElements.define(tag, PennonWidget);
};
