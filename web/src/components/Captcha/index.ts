export { Captcha } from './Captcha.tsx';
export { type CaptchaControl, useCaptcha } from './useCaptcha.ts';
