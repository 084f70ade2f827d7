// Account policies the browser tests set through the SDK, as an admin would on the Settings page.
import type { AccountPolicy } from '@pennon/sdk/contract';

/** Anyone may register, signed in at once, after solving the configured captcha. */
export const captchaSignUps: AccountPolicy = {
  allowRegister: true,
  activeOnRegister: true,
  useCaptcha: true,
  emailConfirmationRequired: false,
  emailDomainList: '',
};
