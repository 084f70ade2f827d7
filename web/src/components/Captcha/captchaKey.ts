/** The SWR key of the captcha configuration: apart, so the data cache can name it without the solvers. */
export const CAPTCHA_KEY = '/api/captcha';
