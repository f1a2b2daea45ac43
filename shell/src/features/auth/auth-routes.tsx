import { pageRoute, routesByLayout } from '@hsa-lli/common/ui';
import {
  ForgotPasswordPage,
  LoginPage,
  NewPasswordPage,
  RegistrationPage,
  newPasswordLoader,
  registrationLoader,
} from './auth-pages.js';

/** The shell's own pages: login, password reset (authentication layout) and account creation (public layout). */
export const AUTH_ROUTES = routesByLayout([
  pageRoute('/login', { Component: LoginPage }),
  pageRoute('/mot-de-passe-oublie', { Component: ForgotPasswordPage }),
  pageRoute('/mot-de-passe-oublie/nouveau-mot-de-passe/[token]', { Component: NewPasswordPage, loader: newPasswordLoader }),
  pageRoute('/creation-de-compte/[token]', { Component: RegistrationPage, loader: registrationLoader }),
]);
