/**
 * The sign-in service with next-auth v4's wire behaviour (docs/behaviour.md §7 'Sign-in service')
 * and the JSON account calls that share its paths ('Account calls'). Open to everyone by design:
 * each acts on the caller's own session only.
 */
import { SESSION_PATH } from '../constants';
import {
  authSessionResponseSchema,
  csrfResponseSchema,
  providerParamsSchema,
  providersResponseSchema,
  sessionUpdateRequestSchema,
  signInRequestSchema,
  signInResponseSchema,
  signOutRequestSchema,
  successResponseSchema,
} from '../contracts/accounts';
import { endpoint } from './endpoint';

const page = (path: `/api/${string}`, summary: string) => endpoint({ method: 'GET', path, access: 'everyone', summary });

export const signInEndpoints = {
  signInPage: page('/api/auth/signin', 'Redirects to the app’s sign-in page, with the query.'),
  providerSignInPage: endpoint({
    method: 'GET',
    path: '/api/auth/signin/:provider',
    access: 'everyone',
    params: providerParamsSchema,
    summary: 'Redirects to the provider’s sign-in page (the referrer’s own), with the query.',
  }),
  signOutPage: page('/api/auth/signout', 'Redirects to the app’s sign-out page, with the query.'),
  errorPage: page('/api/auth/error', 'Redirects to the app’s sign-in error page, with the query.'),
  callbackPage: page('/api/auth/callback', 'A GET on a callback (a bookmarked or replayed link) goes to sign-in.'),
  providerCallbackPage: endpoint({
    method: 'GET',
    path: '/api/auth/callback/:provider',
    access: 'everyone',
    params: providerParamsSchema,
    summary: 'A GET on a provider’s callback goes to its sign-in page.',
  }),
  session: endpoint({
    method: 'GET',
    path: SESSION_PATH,
    access: 'everyone',
    response: authSessionResponseSchema,
    summary: 'The caller’s session (`{}` when signed out), with `supportMode` while in support mode.',
  }),
  csrf: endpoint({ method: 'GET', path: '/api/auth/csrf', access: 'everyone', response: csrfResponseSchema, summary: 'The CSRF token of the caller’s session.' }),
  providers: endpoint({ method: 'GET', path: '/api/auth/providers', access: 'everyone', response: providersResponseSchema, summary: 'The sign-in providers: e-mail and password, referrer.' }),
  providerSignIn: endpoint({
    method: 'POST',
    path: '/api/auth/signin/:provider',
    access: 'everyone',
    params: providerParamsSchema,
    summary: 'Form sign-in (next-auth): the CSRF token required (else back with `?csrf=true`), then a redirect, or `{ url }` with json=true; rate limited.',
  }),
  providerCallback: endpoint({
    method: 'POST',
    path: '/api/auth/callback/:provider',
    access: 'everyone',
    params: providerParamsSchema,
    summary: 'The same form sign-in at next-auth’s callback path.',
  }),
  callback: endpoint({ method: 'POST', path: '/api/auth/callback', access: 'everyone', summary: 'A form that names no provider goes to the error page (400 with json=true).' }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/signin',
    access: 'everyone',
    body: signInRequestSchema,
    response: signInResponseSchema,
    summary: 'JSON sign-in with e-mail and password; rate limited, and an account locked for a while after repeated failures.',
  }),
  refresh: endpoint({ method: 'POST', path: '/api/auth/refresh', access: 'signedIn', response: signInResponseSchema, summary: 'The signed-in account read again, with the session’s public id.' }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/signout',
    access: 'everyone',
    body: signOutRequestSchema,
    summary: 'Ends the caller’s session: a redirect for a form, else `{ success, url }`.',
  }),
  forceSignOut: endpoint({ method: 'POST', path: '/api/auth/force-signout', access: 'everyone', response: successResponseSchema, summary: 'Ends the caller’s session whatever state it is in.' }),
  updateSession: endpoint({
    method: 'POST',
    path: SESSION_PATH,
    access: 'everyone',
    body: sessionUpdateRequestSchema,
    response: authSessionResponseSchema,
    summary: 'next-auth’s session update: the signed-in caller’s own name fields, then the session.',
  }),
  clientLog: endpoint({ method: 'POST', path: '/api/auth/_log', access: 'everyone', summary: 'next-auth’s client logger; never fails, whatever it is sent.' }),
};
