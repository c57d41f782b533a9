import type { RouteObject } from 'react-router';
import { drawingPrerenderedPage } from '../../lib/prerendered-page';
import { importInParts } from '../../lib/next-task';
import { queryClient } from '../../lib/react-query';

/**
 * The quote opens on who is here (a visitor, a member, a broker's client, staff in support mode), so
 * the session is asked for as soon as its code has arrived, while the wizard's own code is still on
 * its way, rather than once the wizard has drawn: on a slow phone that is a round trip less before
 * the first step shows. The wizard's start (quote-page.tsx) uses that answer.
 */
const askForTheSession = () => void import('../../stores/get-session').then(({ sessionQueryOptions }) => queryClient.prefetchQuery(sessionQueryOptions()));

/**
 * The heaviest parts of the wizard's code: the contracts it checks answers with (several hundred zod
 * schemas built as they load), its stores and its steps. Loaded one by one, each in its own task,
 * before the wizard, a phone answers taps in between instead of being busy for a quarter of a second
 * at once.
 */
const WIZARD_PARTS = [
  () => import('@shared/contracts/accounts'),
  () => import('@shared/contracts/pricing'),
  () => import('@shared/contracts/dashboard'),
  () => import('./stores/quote-store'),
  () => import('./steps/step-view'),
];

export const quoteRoutes: RouteObject[] = [
  {
    path: 'quote',
    lazy: async () => {
      // A quote drawn at build time is sent only to a visitor (shared/site-pages.ts): no session to ask for.
      if (!drawingPrerenderedPage('/quote')) askForTheSession();
      return { Component: (await importInParts(WIZARD_PARTS, () => import('./quote-page'))).default };
    },
  },
];
