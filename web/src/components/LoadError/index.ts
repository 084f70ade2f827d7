export { LoadError } from './LoadError.tsx';
