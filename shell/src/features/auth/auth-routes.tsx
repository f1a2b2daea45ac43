import type { RouteObject } from 'react-router';
import {
  ForgotPasswordPage,
  LoginPage,
  NewPasswordPage,
  RegistrationPage,
  newPasswordLoader,
  registrationLoader,
} from './auth-pages.js';

/** The shell's own pages of the authentication layout. */
export const AUTH_ROUTES: RouteObject[] = [
  { path: '/login', Component: LoginPage, handle: { pattern: '/login', title: 'Connexion' } },
  { path: '/mot-de-passe-oublie', Component: ForgotPasswordPage, handle: { pattern: '/mot-de-passe-oublie', title: 'Mot de passe oublié' } },
  {
    path: '/mot-de-passe-oublie/nouveau-mot-de-passe/:token',
    Component: NewPasswordPage,
    loader: newPasswordLoader,
    handle: { pattern: '/mot-de-passe-oublie/nouveau-mot-de-passe/[token]', title: 'Nouveau mot de passe' },
  },
];

/** Account creation from an invitation, in the public layout. */
export const REGISTRATION_ROUTE: RouteObject = {
  path: '/creation-de-compte/:token',
  Component: RegistrationPage,
  loader: registrationLoader,
  handle: { pattern: '/creation-de-compte/[token]', title: 'Création de compte' },
};
