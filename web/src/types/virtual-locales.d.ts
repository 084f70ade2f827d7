declare module 'virtual:locales' {
  /** Locale → URL of its translation file (hashed under /static/locales/ in a build). */
  const urls: Readonly<Record<string, string>>;
  export default urls;
}
