// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/contracts/accounts';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../testing/render';
import { getExactly, noCropData, noSuchRoute, pathOf, requestsMade, server, sessionAnswer } from '../../testing/server';
import QuotePage from './quote-page';
import { initialDraftState, useDraftStore } from './stores/draft-store';
import { useQuoteStore } from './stores/quote-store';
import { useValidationStore } from './stores/validation-store';
import { accountOf, signedInPerson } from '../../testing/accounts';

const staff: SessionUser = signedInPerson({ id: 'staff-1', email: 'sasha@grainmutual.example', firstName: 'Sasha', lastName: 'Support', permissions: ['customer_support'] });
const customer = {
  id: 'cust-1',
  email: 'carey@example.com',
  firstName: 'Carey',
  lastName: 'Customer',
  phone: null,
  address: null,
  businessName: null,
  abn: null,
  isBroker: false,
  isReferrer: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** GET /api/user answering the account of `user`, who has signed in and opens a quote of their own. */
function accountAnswer(user: SessionUser) {
  return http.get('/api/user', () => HttpResponse.json({ success: true, user: accountOf(user, customer.createdAt) }));
}

/** The customer's saved estimate as stored: complete up to the crops, whose yield and price were never entered. */
function savedQuote({ withEstimate }: { withEstimate: boolean }) {
  return {
    personalDetails: { firstName: 'Carey', lastName: 'Customer', email: 'carey@example.com', emailVerified: true, userId: 'cust-1' },
    farmData: { address: 'Merredin WA 6415', zone: 'moderate', paddockSections: [{ id: 's1', name: 'Home Paddock', area: 100, crop: 'wheat' }] },
    cropDetails: { byCrop: { wheat: { area: 100 } } },
    estimates: withEstimate ? { both: { premium: 1000 } } : {},
  };
}

let calls: string[];
let quoteData: ReturnType<typeof savedQuote>;

const initialUi = useUiStore.getState();
const initialValidation = useValidationStore.getState();
const initialQuote = useQuoteStore.getState();

beforeEach(() => {
  localStorage.clear();
  useUiStore.setState(initialUi, true);
  useValidationStore.setState(initialValidation, true);
  useQuoteStore.setState(initialQuote, true);
  useDraftStore.setState(initialDraftState());
  calls = requestsMade((request) => `${request.method} ${pathOf(request)}`);
  quoteData = savedQuote({ withEstimate: false });
  server.use(
    sessionAnswer({ user: staff, expires: '2026-12-01T00:00:00.000Z' }),
    getExactly(`/api/admin/support/customer-data?customerId=${customer.id}`, () => HttpResponse.json({ success: true, customer, drafts: [], savedEstimates: [], permissionLevel: 'read' })),
    http.get('/api/estimates/est-1', () => HttpResponse.json({ success: true, estimate: { id: 'est-1', userId: customer.id, createdAt: '2026-03-01T00:00:00.000Z', quoteData } })),
    // What else the steps load: this server has none of it, and they work without it.
    ...noCropData,
    http.get('/api/user/fire-risk-survey', noSuchRoute),
    http.get('/api/pricing/discount-factors', noSuchRoute),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function openQuote(address: string) {
  const router = createMemoryRouter([{ path: '/quote', Component: QuotePage }], { initialEntries: [address] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('loading a saved estimate in support mode (docs/behaviour.md §2 savedEstimate, support=true, customerId; §3 isSupport, supportCustomerId; §6, §7)', () => {
  it('asks for the estimate with isSupport and customerId, and the quote it loads is the customer’s, in support mode, saved', async () => {
    openQuote(`/quote?savedEstimate=est-1&support=true&customerId=${customer.id}`);

    const notice = await screen.findByTestId('wizard-notice');
    expect(notice.textContent).toContain('Loaded estimate with 1 data warnings');
    expect(calls).toContain(`GET /api/estimates/est-1?isSupport=true&customerId=${customer.id}`);
    expect(calls.filter((call) => call.includes('/api/estimates/'))).toHaveLength(1);
    expect(useQuoteStore.getState()).toMatchObject({
      isSupport: true,
      supportCustomerId: customer.id,
      status: 'saved',
      savedEstimateId: 'est-1',
      isRestoredFromSave: true,
      personalDetails: { firstName: 'Carey', userId: customer.id },
    });
    expect(screen.getByTestId('support-banner').textContent).toContain('working on the quote of Carey Customer');
  });

  it('a member opening their own saved estimate sends neither, and the quote is not in support mode', async () => {
    const member: SessionUser = signedInPerson({ id: customer.id, email: customer.email, firstName: 'Carey', lastName: 'Customer' });
    server.use(sessionAnswer({ user: member, expires: '2026-12-01T00:00:00.000Z' }), accountAnswer(member));
    openQuote('/quote?savedEstimate=est-1');

    expect((await screen.findByTestId('wizard-notice')).textContent).toContain('Loaded estimate with 1 data warnings');
    expect(calls.filter((call) => call.includes('/api/estimates/'))).toEqual(['GET /api/estimates/est-1']);
    expect(useQuoteStore.getState()).toMatchObject({ isSupport: false, status: 'saved', savedEstimateId: 'est-1' });
    expect(useQuoteStore.getState().supportCustomerId).toBeUndefined();
    expect(screen.queryByTestId('support-banner')).toBeNull();
  });
});

describe('support mode belongs to the address it was opened at (docs/behaviour.md §3 isSupport, supportCustomerId; §4 support mode inactive after exit)', () => {
  it('staff who open their own quote after a customer’s get a quote of their own, not in support mode', async () => {
    openQuote(`/quote?savedEstimate=est-1&support=true&customerId=${customer.id}`);
    await screen.findByTestId('wizard-notice');
    cleanup();

    server.use(
      accountAnswer(staff),
      http.get('/api/user/drafts', () => HttpResponse.json({ success: true, message: 'No drafts.', drafts: [] })),
    );
    openQuote('/quote');
    await vi.waitFor(() => expect(useQuoteStore.getState().personalDetails.userId).toBe(staff.id));
    expect(useQuoteStore.getState().isSupport).toBe(false);
    expect(useQuoteStore.getState().supportCustomerId).toBeUndefined();
    expect(useQuoteStore.getState().farmData.paddockSections).toEqual([]);
  });
});

describe('interface flag enhanced validation (docs/behaviour.md §2, default on) decides how far a saved estimate opens', () => {
  const reason = 'All crop details must be completed and valid before generating estimates';

  beforeEach(() => {
    quoteData = savedQuote({ withEstimate: true });
  });

  it('on by default: crops without yield and price keep the quote at the crops step, and the reason is shown', async () => {
    openQuote(`/quote?savedEstimate=est-1&support=true&customerId=${customer.id}&step=estimate-display`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Crops and protection' })).toBeTruthy();
    expect(screen.getByTestId('wizard-notice').textContent).toBe(reason);
  });

  it('switched off in the saved interface preferences: the same estimate opens at the estimate, crop details being present', async () => {
    const flags = { stickyButtons: true, enhancedValidation: false, progressIndicator: true, sidebarCollapsed: false };
    localStorage.setItem('ui-preferences', JSON.stringify({ state: { theme: 'system', preferredUnits: 'hectares', flags }, version: 1 }));
    await useUiStore.persist.rehydrate();

    openQuote(`/quote?savedEstimate=est-1&support=true&customerId=${customer.id}&step=estimate-display`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your estimate' })).toBeTruthy();
    expect(screen.queryByText(reason)).toBeNull();
  });
});
