/** A member's own settings: the optional e-mails, and the sessions they are signed in with. Only ever the caller's own. */
import { emailPreferencesInputSchema, emailPreferencesResponseSchema, endedSessionsSchema, recordParamsSchema, sessionListSchema } from '../contracts/dashboard';
import { endpoint } from './endpoint';

export const memberSettingsEndpoints = {
  preferences: endpoint({
    method: 'GET',
    path: '/api/user/preferences',
    access: 'signedIn',
    response: emailPreferencesResponseSchema,
    summary: 'Which optional e-mails the caller gets (all on until changed).',
  }),
  savePreferences: endpoint({
    method: 'PUT',
    path: '/api/user/preferences',
    access: 'signedIn',
    body: emailPreferencesInputSchema,
    response: emailPreferencesResponseSchema,
    summary: 'Changes one or more of the caller’s optional e-mails.',
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/user/sessions',
    access: 'signedIn',
    response: sessionListSchema,
    summary: 'Where the caller is signed in, this device first.',
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    access: 'signedIn',
    params: recordParamsSchema,
    summary: 'Signs out one of the caller’s other devices (204); 404 when it has ended, 400 for the session in use.',
  }),
  endOtherSessions: endpoint({
    method: 'DELETE',
    path: '/api/user/sessions',
    access: 'signedIn',
    response: endedSessionsSchema,
    summary: 'Signs out every device of the caller’s but this one, and says how many.',
  }),
};
