import { mount } from '../../lib/ui.tsx';
import { Popup } from './Popup.tsx';

mount(<Popup />);
