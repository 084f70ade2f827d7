// The one place the web client makes Intl formatters. Making one is costly (a phone's first DateTimeFormat takes
// hundreds of milliseconds, each further one tens), and pages rendered them anew on every render: each (locale,
// options) pair is now made once per page load and shared.

/** `make`, remembered per locale and options (options are compared by their JSON, so write them the same way). */
export const remembered = <Options, Format>(make: (locale: string, options: Options) => Format) => {
  const made = new Map<string, Format>();
  return (locale: string, options: Options): Format => {
    const key = `${locale} ${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = make(locale, options);
      made.set(key, format);
    }
    return format;
  };
};

/** A shared `Intl.DateTimeFormat` for `locale` and `options`. */
export const dateTimeFormat = remembered(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

/** A shared `Intl.ListFormat` for `locale` and `options`. */
export const listFormat = remembered(
  (locale, options: Intl.ListFormatOptions) => new Intl.ListFormat(locale, options),
);

/** A shared `Intl.RelativeTimeFormat` for `locale` and `options`. */
export const relativeTimeFormat = remembered(
  (locale, options: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(locale, options),
);
