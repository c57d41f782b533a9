// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reader } from '@shared/domain/reader';
import { protectionSchema } from '@shared/contracts/dashboard';
import { CLAIM_MESSAGES } from '@shared/contracts/claims';
import { LodgeClaimForm } from './lodge-claim-form';
import { renderWithProviders } from '../../../testing/render';
import { pathOf, server } from '../../../testing/server';

const paddock = (id: string, name: string, crop: string) => ({
  id,
  name,
  crop,
  variety: null,
  areaHa: 100,
  expectedYield: 2.5,
  pricePerTonne: 340,
  hurdlePercentage: 5,
  valueCents: 8_500_000,
  priced: true,
  isExcluded: false,
  geometry: null,
});
const protection = protectionSchema.parse({
  id: 'app_1',
  reference: 'APP-2026-00001',
  userId: 'client_1',
  status: 'active',
  stage: 'protected',
  coverageType: 'both',
  coverageDescription: 'Hail, Fire & Lightning',
  season: '2026',
  zoneCode: 'CWB',
  farm: { address: 'Cunderdin WA', location: null },
  renewsApplicationId: null,
  submittedAt: '2026-06-01T00:00:00.000Z',
  endsOn: '2027-01-31',
  premiumCents: 1,
  displayedPremiumCents: 1,
  totalPayableCents: 1,
  insuredValueCents: 17_000_000,
  coveredAreaHa: 200,
  paddocks: [paddock('p1', 'Home Paddock', 'wheat'), paddock('p2', 'Creek Flat', 'canola')],
  crops: [],
});

let sent: FormData | undefined;
let sentTo: string | undefined;
let answer: { status: number; body: JsonBodyType };

beforeEach(() => {
  sent = undefined;
  sentTo = undefined;
  server.use(
    http.post('/api/claims', async ({ request }) => {
      sent = await request.formData();
      sentTo = pathOf(request);
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
  );
});

afterEach(cleanup);

/** A second, hail-only protection of the same member, with a paddock of its own. */
const hailOnly = protectionSchema.parse({ ...protection, id: 'app_2', coverageType: 'hail', coverageDescription: 'Hail', season: '2025', paddocks: [paddock('p9', 'Back Forty', 'barley')] });

/** A broker lodging for their client: the client's id travels in the address, checked before the photos are read. */
/** The form as a broker reads it for a client, unless `reader` says the member or staff. */
function renderForm(protections = [protection], reader: Reader = 'client') {
  const scope = reader === 'member' ? { viewerId: 'client_1', memberId: undefined } : { viewerId: reader === 'client' ? 'broker_1' : 'staff_1', memberId: 'client_1' };
  return renderWithProviders(<LodgeClaimForm protections={protections} scope={scope} reader={reader} onLodged={() => undefined} onCancel={() => undefined} />);
}

describe('lodging a claim', () => {
  it('offers no day after a protection’s cover ended, and starts at that day', () => {
    renderForm([protectionSchema.parse({ ...protection, season: '2024', endsOn: '2025-03-31' })]);
    const day = screen.getByLabelText('Date of the event');
    expect(day.getAttribute('max')).toBe('2025-03-31');
    expect((day as HTMLInputElement).value).toBe('2025-03-31');
  });

  it("shows the shared schema's messages on the paddock choice and the description, and sends nothing", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Estimated loss ($)'), '12000');
    await userEvent.type(screen.getByLabelText('What happened?'), 'Hail');
    await userEvent.click(screen.getByRole('button', { name: 'Lodge claim' }));
    expect(await within(screen.getByRole('group', { name: 'Affected paddocks' })).findByText('Choose at least one affected paddock')).toBeTruthy();
    const description = screen.getByLabelText('What happened?');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Describe what happened in a sentence or two (at least 10 characters)').id).toBe(description.getAttribute('aria-describedby')?.split(' ')[1]);
    expect(sent).toBeUndefined();
  });

  it('sends the fields as the server reads them, and says a refusal that belongs to no field in the alert', async () => {
    answer = { status: 400, body: { error: 'event_in_future', message: CLAIM_MESSAGES.eventInFuture } };
    renderForm();
    await userEvent.click(screen.getByLabelText('Fire & Lightning'));
    await userEvent.click(screen.getByRole('checkbox', { name: /Home Paddock/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Creek Flat/ }));
    await userEvent.type(screen.getByLabelText('Estimated loss ($)'), '12000');
    await userEvent.type(screen.getByLabelText('What happened?'), 'A fire came through from the road reserve.');
    // The broker reads the hurdle as their client's.
    expect(document.body.textContent).toMatch(/Your client’s hurdle is .*\. Their estimated loss of \$12,000\.00 is /);
    await userEvent.click(screen.getByRole('button', { name: 'Lodge claim' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CLAIM_MESSAGES.eventInFuture);
    expect(sentTo).toBe('/api/claims?memberId=client_1');
    expect(sent?.get('memberId')).toBeNull();
    expect(sent?.get('applicationId')).toBe('app_1');
    expect(sent?.get('peril')).toBe('fire');
    expect(sent?.getAll('affectedPaddockIds')).toEqual(['p1', 'p2']);
    expect(sent?.get('estimatedLossDollars')).toBe('12000');
    expect(sent?.get('description')).toBe('A fire came through from the road reserve.');
    expect(sent?.get('eventDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No alert started this claim, so none is named.
    expect(sent?.has('alertEventId')).toBe(false);
  });

  it('says an estimate above the value protected on the paddocks ticked needs checking, and what the most considered is', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('checkbox', { name: /Home Paddock/ }));
    // $850,000 typed for $85,000: one zero too many.
    await userEvent.type(screen.getByLabelText('Estimated loss ($)'), '850000');
    expect(screen.getByText(/^Their estimated loss of \$850,000\.00 is more than the \$85,000\.00 protected on these paddocks: check the amount\. At most /)).toBeTruthy();
  });

  it('starts the peril and paddock choices again when another protection is chosen, and keeps them otherwise', async () => {
    answer = { status: 400, body: { error: 'event_in_future', message: CLAIM_MESSAGES.eventInFuture } };
    renderForm([protection, hailOnly]);
    await userEvent.click(screen.getByLabelText('Fire & Lightning'));
    await userEvent.click(screen.getByRole('checkbox', { name: /Home Paddock/ }));
    await userEvent.selectOptions(screen.getByLabelText('Protection'), 'app_2');
    expect(screen.queryByLabelText('Fire & Lightning')).toBeNull();
    expect((screen.getByLabelText('Hail') as HTMLInputElement).checked).toBe(true);
    const backForty = screen.getByRole('checkbox', { name: /Back Forty/ }) as HTMLInputElement;
    expect(backForty.checked).toBe(false);

    await userEvent.click(backForty);
    await userEvent.type(screen.getByLabelText('Estimated loss ($)'), '500');
    await userEvent.type(screen.getByLabelText('What happened?'), 'Hail took the tops off the barley.');
    await userEvent.click(screen.getByRole('button', { name: 'Lodge claim' }));
    await screen.findByRole('alert');
    // Sending the form is no change of protection: the choices stay as they were.
    expect(sent?.get('applicationId')).toBe('app_2');
    expect(sent?.get('peril')).toBe('hail');
    expect(sent?.getAll('affectedPaddockIds')).toEqual(['p9']);
    expect((screen.getByRole('checkbox', { name: /Back Forty/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('comes from an alert with its protection, peril, day and paddocks filled in, and sends the alert with the claim', async () => {
    answer = { status: 400, body: { error: 'event_in_future', message: CLAIM_MESSAGES.eventInFuture } };
    renderWithProviders(
      <LodgeClaimForm
        protections={[protection, hailOnly]}
        scope={{ viewerId: 'client_1', memberId: undefined }}
        reader="member"
        fromAlert={{ start: { applicationId: 'app_1', peril: 'fire', eventDate: '2026-11-14', affectedPaddockIds: ['p2'], alertEventId: 'event_7' }, alertTitle: 'Bushfire advice: Cunderdin <i>' }}
        onLodged={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByText('From the alert “Bushfire advice: Cunderdin <i>”: its day and your paddocks under it are filled in. Change anything that is not right.')).toBeTruthy();
    expect((screen.getByLabelText('Fire & Lightning') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Date of the event') as HTMLInputElement).value).toBe('2026-11-14');
    expect((screen.getByRole('checkbox', { name: /Creek Flat/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Home Paddock/ }) as HTMLInputElement).checked).toBe(false);

    await userEvent.type(screen.getByLabelText('Estimated loss ($)'), '9000');
    await userEvent.type(screen.getByLabelText('What happened?'), 'The fire front burnt the canola on the creek flat.');
    await userEvent.click(screen.getByRole('button', { name: 'Lodge claim' }));
    await screen.findByRole('alert');
    expect(sentTo).toBe('/api/claims');
    expect(sent?.get('alertEventId')).toBe('event_7');
    expect(sent?.get('applicationId')).toBe('app_1');
    expect(sent?.getAll('affectedPaddockIds')).toEqual(['p2']);
    expect(sent?.get('eventDate')).toBe('2026-11-14');
  });

  it('shows each chosen photo before it is sent, and a file that is not a photo in words', async () => {
    renderForm();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'north-side.jpg', { type: 'image/jpeg' });
    const notes = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Photos of the damage'), [photo, notes], { applyAccept: false });
    const previews = screen.getByRole('list', { name: 'Photos to send' });
    expect(within(previews).getByRole('img', { name: 'Chosen photo north-side.jpg' }).getAttribute('src')).toMatch(/^blob:/);
    expect(within(previews).getByText('north-side.jpg (4 B)')).toBeTruthy();
    expect(screen.getByText('notes.txt is not a JPEG, PNG, HEIC or WebP photo.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Lodge claim' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('before acceptance, names the application being checked and puts the phone number one tap away, in the reader’s words', () => {
    const submitted = [protectionSchema.parse({ ...protection, status: 'submitted', stage: 'submitted' })];
    const member = renderForm(submitted, 'member');
    const notice = screen.getByTestId('claim-before-acceptance');
    expect(notice.textContent).toBe(
      'Your application APP-2026-00001 is still being checked, and you are not protected yet, so a claim on it cannot be lodged.If you have had a loss, call us now on (08) 9000 0000 and we will talk it through with you.',
    );
    expect(within(notice).getByRole('link', { name: '(08) 9000 0000' }).getAttribute('href')).toBe('tel:+61890000000');
    expect(screen.queryByRole('button', { name: 'Lodge claim' })).toBeNull();
    member.unmount();

    const broker = renderForm(submitted, 'client');
    expect(screen.getByTestId('claim-before-acceptance').textContent).toBe(
      'Your client’s application APP-2026-00001 is still being checked, and your client is not protected yet, so a claim on it cannot be lodged.If your client has had a loss, call us now on (08) 9000 0000 and we will talk it through with you both.',
    );
    broker.unmount();

    // Staff are the ones the member would ring: no number to ring.
    renderForm(submitted, 'staff');
    expect(screen.getByTestId('claim-before-acceptance').textContent).toBe(
      'The member’s application APP-2026-00001 is still being checked, and the member is not protected yet, so a claim on it cannot be lodged.',
    );
  });

  it('accepted and invoiced but unpaid, says plainly that cover has not started and lodges nothing', () => {
    renderForm([protectionSchema.parse({ ...protection, status: 'accepted', stage: 'invoiced' })]);
    const notice = screen.getByTestId('claim-before-acceptance');
    expect(notice.textContent).toContain(
      'APP-2026-00001: Cover on this application has not started: it starts when your client’s first payment reaches us. The board considers claims only on paddocks under cover, so a claim cannot be lodged for it. If hail or fire has already hit, tell us through Help all the same and we will talk it through with you both.',
    );
    expect(screen.queryByRole('button', { name: 'Lodge claim' })).toBeNull();
  });

  it('with no protection this season, says so of whoever’s records are read', () => {
    renderForm([], 'staff');
    expect(screen.getByTestId('claim-before-acceptance').textContent).toBe('The member has no protection to claim on this season.');
  });
});
