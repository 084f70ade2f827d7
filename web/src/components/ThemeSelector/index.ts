export { ThemeSelector } from './ThemeSelector.tsx';
export { usePrimaryPalette } from './usePrimaryPalette.ts';
