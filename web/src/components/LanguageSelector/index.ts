export { LanguageSelector } from './LanguageSelector.tsx';
