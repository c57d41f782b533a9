// @vitest-environment happy-dom
import { MutationObserver } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, type Draft, type DraftListItem } from '@shared/contracts/drafts';
import { emptyQuoteState } from '@shared/contracts/quote';
import { buildAutoSavePayload } from '@shared/domain/quote/auto-save';
import type { WizardStep } from '@shared/contracts/quote-steps';
import { refusal, server } from '../../../testing/server';
import { renderWithProviders } from '../../../testing/render';
import { stubWizard } from '../../../testing/wizard';
import { draftsQueryOptions } from '../api/get-drafts';
import { saveQuoteDraftMutationOptions } from '../api/save-quote-draft';
import { initialDraftState, useDraftStore } from '../stores/draft-store';
import { useQuoteStore } from '../stores/quote-store';
import { WizardContext } from '../wizard-context';
import { EarlierDrafts } from './get-started-step';

const OWNER = 'member-1';

function stored(id: string, step: WizardStep, updatedAt: string, firstName = 'Jan', status: Draft['status'] = 'DRAFT'): Draft {
  const quote = emptyQuoteState();
  quote.personalDetails.firstName = firstName;
  const { quoteData } = buildAutoSavePayload({ userId: OWNER, step, quote, draftId: id });
  return { id, userId: OWNER, step, status, createdAt: updatedAt, updatedAt, version: 3, dataHash: '0123456789abcdef', quoteData };
}

let listed: DraftListItem[];
let deleted: string[];

beforeEach(() => {
  listed = [
    stored('d-older', 'farm-mapping', '2026-10-01T02:00:00.000Z'),
    stored('d-newer', 'protection-calculator', '2026-11-20T05:30:00.000Z', 'Mia'),
    stored('d-done', 'success', '2026-11-21T05:30:00.000Z', 'Jo', 'COMPLETED'),
  ];
  deleted = [];
  useDraftStore.setState(initialDraftState());
  useQuoteStore.getState().reset();
  server.use(
    http.get('/api/user/drafts', ({ request }) => (new URL(request.url).searchParams.get('userId') === OWNER ? HttpResponse.json({ success: true, drafts: listed }) : refusal(403, 'forbidden', 'Not yours.'))),
    http.get('/api/user/drafts/:id', ({ params }) => {
      const draft = listed.find((item) => item.id === params['id']);
      return draft === undefined ? refusal(404, 'not_found', 'Draft not found.') : HttpResponse.json({ success: true, draft });
    }),
    http.delete('/api/user/drafts/:id', ({ params }) => {
      deleted.push(String(params['id']));
      return HttpResponse.json({ success: true, message: 'Draft deleted' });
    }),
  );
});

afterEach(cleanup);

function renderDrafts() {
  const resumedAt: WizardStep[] = [];
  const view = renderWithProviders(
    <WizardContext.Provider value={stubWizard({ step: 'get-started', isAuthenticated: true, userId: OWNER, resumeAt: (step) => resumedAt.push(step) })}>
      <EarlierDrafts />
    </WizardContext.Provider>,
  );
  return { ...view, resumedAt };
}

describe('the member’s earlier drafts in the wizard (server state from the query cache)', () => {
  it('lists the drafts still open, newest selected, and resuming one opens it at its step', async () => {
    const { resumedAt } = renderDrafts();
    await waitFor(() => expect(screen.getAllByTestId('draft-item')).toHaveLength(2));
    useDraftStore.getState().listed(listed);
    expect(useDraftStore.getState().currentDraftId).toBe('d-newer');

    await userEvent.click(within(screen.getAllByTestId('draft-item')[1]!).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(resumedAt).toEqual(['protection-calculator']));
    expect(useQuoteStore.getState().personalDetails.firstName).toBe('Mia');
    expect(useDraftStore.getState().workingDraft).toEqual({ id: 'd-newer', version: 3 });
  });

  it('says why a draft could not be opened, in the server’s words', async () => {
    renderDrafts();
    await waitFor(() => expect(screen.getAllByTestId('draft-item')).toHaveLength(2));
    listed = listed.filter((item) => item.id !== 'd-older');
    await userEvent.click(within(screen.getAllByTestId('draft-item')[0]!).getByRole('button', { name: 'Resume' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Draft not found.');
    expect(useDraftStore.getState().workingDraft).toBeNull();
  });

  it('says "Failed to load drafts" when the list cannot be read', async () => {
    server.use(http.get('/api/user/drafts', () => refusal(503, 'unavailable', '')));
    renderDrafts();
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toBe(DRAFT_MESSAGES.loadDraftsFailed);
  }, 15_000);

  it('deletes a draft only when asked twice, and it leaves the list', async () => {
    renderDrafts();
    await waitFor(() => expect(screen.getAllByTestId('draft-item')).toHaveLength(2));
    const row = screen.getAllByTestId('draft-item')[0]!;
    await userEvent.click(within(row).getByText('More'));
    await userEvent.click(within(row).getByRole('button', { name: 'Delete this draft' }));
    expect(deleted).toEqual([]);
    await userEvent.click(within(row).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(screen.getAllByTestId('draft-item')).toHaveLength(1));
    expect(deleted).toEqual(['d-older']);
  });

  it('asks from the keyboard with the focus on Keep it, so a stray Enter deletes nothing; Escape keeps the draft and gives the focus back', async () => {
    renderDrafts();
    await waitFor(() => expect(screen.getAllByTestId('draft-item')).toHaveLength(2));
    const row = screen.getAllByTestId('draft-item')[0]!;
    await userEvent.click(within(row).getByText('More'));
    within(row).getByRole('button', { name: 'Delete this draft' }).focus();
    await userEvent.keyboard('{Enter}');
    const question = within(row).getByRole('alertdialog', { name: 'Delete this draft?' });
    expect(question.textContent).toContain('It cannot be brought back.');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep it' }));
    await userEvent.keyboard('{Enter}');
    expect(within(row).queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Delete this draft' }));
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Escape}');
    expect(within(row).queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Delete this draft' }));
    expect(deleted).toEqual([]);
  });

  it('says "Failed to delete draft" when the deletion does not reach the server, and keeps the draft', async () => {
    server.use(http.delete('/api/user/drafts/:id', () => HttpResponse.error()));
    renderDrafts();
    await waitFor(() => expect(screen.getAllByTestId('draft-item')).toHaveLength(2));
    const row = screen.getAllByTestId('draft-item')[0]!;
    await userEvent.click(within(row).getByText('More'));
    await userEvent.click(within(row).getByRole('button', { name: 'Delete this draft' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Delete for good' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DRAFT_MESSAGES.deleteDraftFailed);
    expect(screen.getAllByTestId('draft-item')).toHaveLength(2);
    expect(within(row).getByRole('button', { name: 'Delete for good' })).toHaveProperty('disabled', false);
  });

  it('an automatic save brings the listed draft up to date where it stands, and a new draft is read again', async () => {
    const saved: unknown[] = [];
    server.use(
      http.post('/api/quotes/draft', async ({ request }) => {
        const body = (await request.json()) as { draftId: string };
        saved.push(body);
        return HttpResponse.json(
          { success: true, draft: { id: body.draftId, version: 4, dataHash: 'fedcba9876543210', updatedAt: '2026-11-28T01:00:00.000Z' } },
          { status: body.draftId === 'd-older' ? 200 : 201 },
        );
      }),
    );
    const { queryClient } = renderDrafts();
    await waitFor(() => expect(screen.getAllByTestId('draft-item')).toHaveLength(2));
    const save = (draftId: string, step: WizardStep) =>
      new MutationObserver(queryClient, saveQuoteDraftMutationOptions(queryClient)).mutate({ ...buildAutoSavePayload({ userId: OWNER, step, quote: emptyQuoteState(), draftId }), version: 3 });

    await save('d-older', 'estimate-display');
    const older = queryClient.getQueryData(draftsQueryOptions(OWNER).queryKey)?.find((item) => item.id === 'd-older');
    expect(older).toMatchObject({ step: 'estimate-display', version: 4, updatedAt: '2026-11-28T01:00:00.000Z' });

    listed = [...listed, stored('d-new', 'farm-mapping', '2026-11-28T01:00:00.000Z', 'New')];
    await save('d-new', 'farm-mapping');
    await waitFor(() => expect(screen.getAllByTestId('draft-item')).toHaveLength(3));
    expect(saved).toHaveLength(2);
  });
});
