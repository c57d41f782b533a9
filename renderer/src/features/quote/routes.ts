import type { RouteObject } from 'react-router';
import { queryClient } from '../../lib/react-query';

/**
 * The quote opens on who is here (a visitor, a member, a broker's client, staff in support mode), so
 * the session is asked for as soon as its code has arrived, while the wizard's own code is still on
 * its way, rather than once the wizard has drawn: on a slow phone that is a round trip less before
 * the first step shows. The wizard's start (quote-page.tsx) uses that answer.
 */
const askForTheSession = () => void import('../../stores/get-session').then(({ sessionQueryOptions }) => queryClient.prefetchQuery(sessionQueryOptions()));

export const quoteRoutes: RouteObject[] = [
  {
    path: 'quote',
    lazy: async () => {
      askForTheSession();
      return { Component: (await import('./quote-page')).default };
    },
  },
];
