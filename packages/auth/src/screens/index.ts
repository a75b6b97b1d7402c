export { ForbiddenPage } from './forbidden-page';
export { HandoffPage } from './handoff-page';
export { LoginPage } from './login-page';
export { LogoutPage } from './logout-page';
export { NotFoundPage } from './not-found-page';
export { RESET_REDIRECT_DELAY_MS, ResetPasswordPage } from './reset-password-page';
