import { mount } from '../../lib/ui.tsx';
import { Options } from './Options.tsx';

mount(<Options />);
