// The bundled English dictionary: the widget keys of static/locales/en-US.json, picked at build time
// (vite/locales.ts), so there is no second copy to keep in step.
declare module 'virtual:pennon-widgets/english' {
  const english: import('./translator.ts').Dictionary;
  export default english;
}
