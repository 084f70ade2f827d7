export { TipLayer, tipProps } from './TipLayer.tsx';
