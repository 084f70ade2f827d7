export { cleanCache, ErrorScreen } from './ErrorScreen.tsx';
