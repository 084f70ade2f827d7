// A user-facing text the server sends (an error `title`): its English template, which is also its key in
// the translation catalogs, and the values that fill it. Plain strings are messages without values.

/**
 * A message whose template has `{0}`, `{1}`… placeholders for values: data (names, numbers), or texts
 * and lists of texts that are translated along with it.
 */
export class Message {
  constructor(
    readonly key: string,
    readonly values: readonly unknown[] = [],
  ) {}

  /**
   * Fills a template's placeholders. Nested texts go through `render` (the translator); lists are joined
   * the way `locale` writes them ("a, b and c").
   */
  format(template: string = this.key, render: (text: Text) => string = String, locale = 'en-US'): string {
    const show = (value: unknown): string =>
      Array.isArray(value)
        ? new Intl.ListFormat(locale, { type: 'conjunction' }).format(value.map(show))
        : value instanceof Message
          ? render(value)
          : String(value);
    return template.replace(/\{(\d+)\}/g, (whole, index: string) =>
      Number(index) < this.values.length ? show(this.values[Number(index)]) : whole,
    );
  }

  toString(): string {
    return this.format();
  }
}

/** Text for a person: a literal, or a `msg` template with values. */
export type Text = string | Message;

/**
 * Tags a template literal as a translatable message: msg`Hello ${name}` has the key `Hello {0}`, so
 * translators see one entry however the values vary.
 */
export const msg = (strings: TemplateStringsArray, ...values: unknown[]): Message =>
  new Message(
    strings.reduce((key, part, index) => `${key}{${index - 1}}${part}`),
    values,
  );
