/**
 * A storm warning posted by staff falls over half a member's paddock. The member reads it on
 * /dashboard/alerts (the page the alert e-mail links to) and marks it read; a member whose
 * protection is accepted sees it on the dashboard first, maps it and starts a claim from it, and
 * staff see that claim corroborated by the stored event; a warning the Bureau issues again is one alert;
 * staff end a warning that was wrong and the member reads why. Screenshots at 390 and 1366 px go to
 * .tmp/screenshots/member-alerts/.
 */
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerMember, signedInContext } from './support/accounts';
import { cunderdinQuote, submitQuote, acceptWithCoverStarted } from './support/quotes';
import { shootAtWidths } from './support/screenshots';
import { DISPLAY_ERROR_TEXT, displayErrorIn, dropChunk } from './support/pages';
import { postCapHailWarning, postHailWarning } from './support/alerts';
import { memberAlertsResponseSchema } from '../shared/contracts/alerts';
import { protectionListSchema } from '../shared/contracts/dashboard';
import { paddockCoverFacts, stormMeaning } from '../shared/domain/alerts/storm-meaning';

/** What the member's newest alert means for each of its paddocks, by the shared rule, from what the API answers them. */
async function stormMeanings(member: BrowserContext): Promise<string[]> {
  const [alerts, protections] = await Promise.all([member.request.get('/api/user/alerts'), member.request.get('/api/dashboard/protections')]);
  const alert = memberAlertsResponseSchema.parse(await alerts.json()).alerts[0]!;
  const { protections: held } = protectionListSchema.parse(await protections.json());
  return alert.paddocks.map((paddock) => stormMeaning(alert.kind, paddock, paddockCoverFacts(alert.kind, paddock, held)).sentence);
}

/** A member registered with the Cunderdin quote submitted: its Home Paddock lies under the warnings here. */
async function memberWithQuote(browser: Browser, base: string, firstName: string, lastName: string) {
  const setup = await browser.newContext({ baseURL: base });
  const member = await registerMember(setup.request, base, firstName, lastName);
  const application = await submitQuote(setup.request, base, cunderdinQuote({ ...member, firstName, lastName }));
  await setup.close();
  return { member, application };
}

// The tests post warnings over the same paddock square: run side by side, one's warning would also
// reach another's member and change the unread count or the alerts it checks.
test.describe.configure({ mode: 'serial' });

const shoot = (page: Page, name: string) => shootAtWidths(page, 'member-alerts', name);

/** Over the whole Home Paddock: 117.19–117.23 E, 31.57–31.61 S. */
const WHOLE = [
  [117.19, -31.61],
  [117.23, -31.61],
  [117.23, -31.57],
  [117.19, -31.57],
  [117.19, -31.61],
];

/** Over the western half of the Home Paddock: 117.19–117.21 E, 31.57–31.61 S. */
const SWATH = [
  [117.19, -31.61],
  [117.21, -31.61],
  [117.21, -31.57],
  [117.19, -31.57],
  [117.19, -31.61],
];

test('a member reads the storm alert over half their paddock and marks it read', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const { member } = await memberWithQuote(browser, base, 'Stormy', 'Paddocks');

  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  await postHailWarning(admin.request, base, 'Severe thunderstorm warning for large hail: Central Wheatbelt', SWATH);
  await admin.close();

  const context = await signedInContext(browser, base, member.email);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/alerts');
  const alert = page.getByRole('article', { name: 'Hail: Severe thunderstorm warning for large hail: Central Wheatbelt' });
  await expect(alert.getByText('50% of 400 ha, about 200 ha')).toBeVisible();
  // Submitted, not protected yet: the alert says so, and what happens next.
  await expect(alert.getByTestId('storm-meaning')).toHaveText(['Not protected yet. We have your application and will review it within five business days. You are not protected yet.']);
  expect(await stormMeanings(context)).toEqual(['Not protected yet. We have your application and will review it within five business days. You are not protected yet.']);
  await expect(page.getByRole('status').filter({ hasText: 'unread alert' })).toHaveText('1 unread alert.');
  // Submitted, not yet accepted: the map shows the event, but a claim waits for acceptance.
  await expect(alert.getByRole('region', { name: 'Map of the event’s area and the 1 matched paddock outline' })).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Start a claim' })).toHaveCount(0);
  await shoot(page, 'alerts');

  // On a connection that drops the map's code, the alert reads the same and can be marked read; the map's place says to refresh.
  const dropping = await signedInContext(browser, base, member.email);
  await dropChunk(dropping, 'event-map');
  const droppingPage = await dropping.newPage();
  await droppingPage.goto('/dashboard/alerts');
  const sameAlert = droppingPage.getByRole('article', { name: 'Hail: Severe thunderstorm warning for large hail: Central Wheatbelt' });
  await expect(sameAlert.getByText('50% of 400 ha, about 200 ha')).toBeVisible();
  await expect(displayErrorIn(sameAlert)).toContainText(DISPLAY_ERROR_TEXT);
  await expect(sameAlert.getByRole('button', { name: 'Mark as read' })).toBeVisible();
  await shootAtWidths(droppingPage, 'dropped-code', 'alert-map');
  await dropping.close();

  await alert.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('You have read every alert.')).toBeVisible();
  await context.close();
});

test('a member sees the alert on the dashboard, starts a claim from it, and staff see the claim corroborated', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const { member, application } = await memberWithQuote(browser, base, 'Hailey', 'Claimant');

  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  await acceptWithCoverStarted(admin.request, base, application.id);
  // Its own title, so staff find this test's event among the others posted beside it.
  const title = `Severe thunderstorm warning for large hail: Cunderdin <b> ${member.email.split('@')[0]}`;
  await postHailWarning(admin.request, base, title, SWATH);

  const context = await signedInContext(browser, base, member.email);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Storm and fire alerts over your paddocks' });
  await expect(panel.getByText(`Hail: ${title}`)).toBeVisible();
  await expect(panel.getByText('Current')).toBeVisible();
  // Protected: the crop and its value under the warning, and what 30% lost there would put before the board after the hurdle.
  const meanings = await stormMeanings(context);
  expect(meanings).toEqual([
    expect.stringMatching(/^Wheat worth about \$[\d,]+ on the 200 ha of Home Paddock under the warning\. If hail took 30% of it, after your \d+% hurdle about \$[\d,]+ would be put before the board\.$/),
  ]);
  await expect(panel.getByTestId('storm-meaning')).toHaveText(meanings);
  await shoot(page, 'dashboard-panel');

  await panel.getByRole('link', { name: `See the map of ${title}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/alerts/);
  const alert = page.getByRole('article', { name: `Hail: ${title}` });
  await expect(alert.getByTestId('storm-meaning')).toHaveText(meanings);
  await expect(alert).toContainText('An example, not a promise: the mutual is discretionary');
  await shoot(page, 'alert-meaning');
  await expect(alert.getByRole('region', { name: 'Map of the event’s area and the 1 matched paddock outline' }).locator('path.leaflet-interactive')).toHaveCount(2);
  await alert.getByRole('link', { name: 'Start a claim' }).click();

  await expect(page).toHaveURL(/\/dashboard\/claims\?alert=/);
  const form = page.getByRole('form', { name: 'Lodge a claim' });
  await expect(form.getByText(`From the alert “${title}”: its day and your paddocks under it are filled in.`, { exact: false })).toBeVisible();
  await expect(form.getByLabel('Hail', { exact: true })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Home Paddock/ })).toBeChecked();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date());
  await expect(form.getByLabel('Date of the event')).toHaveValue(today);
  await shoot(page, 'claim-from-alert');
  await form.getByLabel('Estimated loss ($)').fill('20000');
  await form.getByLabel('What happened?').fill('Hail stripped the heads off the western half of the Home Paddock.');
  await form.getByRole('button', { name: 'Lodge claim' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is lodged' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/claims$/);
  await expect(page.getByTestId('claim-card').getByText(`Hail: ${title}`, { exact: false })).toBeVisible();
  await context.close();

  // Staff go from the storm's page in the back office to the claims under it, then to this member's.
  const staffPage = await admin.newPage();
  await staffPage.goto('/admin/alerts');
  await staffPage
    .getByRole('list', { name: 'Events, newest first' })
    .getByRole('button', { name: `Hail: ${title}` })
    .click();
  // Other tests' members under this storm may lodge theirs beside it: the count is at least this one.
  await staffPage
    .getByRole('article', { name: `Hail: ${title}` })
    .getByRole('link', { name: /^\d+ claims? under this event$/ })
    .click();
  await expect(staffPage).toHaveURL(/\/admin\/claims\?event=/);
  await expect(staffPage.getByTestId('claims-event')).toContainText(`Claims under the hail event ${title}: those started from it`);
  await expect(staffPage.getByTestId('claims-event')).toContainText(/\d+ claims? under it, \$[\d,]+\.\d\d estimated loss/);
  await expect(staffPage.getByRole('list', { name: 'Claims under it by status' }).getByRole('listitem').filter({ hasText: 'Lodged' })).toHaveCount(1);
  await staffPage.getByLabel('Member').fill(member.email);
  await staffPage.getByLabel('Member').press('Enter');
  const corroboration = staffPage.getByTestId('claim-corroboration');
  await expect(corroboration).toHaveCount(1);
  await expect(corroboration).toContainText('Corroborated by a stored event');
  await expect(corroboration).toContainText(`${title}, from`);
  await expect(corroboration).toContainText('covered Home Paddock.');
  await shoot(staffPage, 'admin-claims');
  await admin.close();
});

test('a warning the Bureau issues again as the storm grows is one alert: the latest issue, the first’s time, what the update raised, the earlier issue’s share', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const { member, application } = await memberWithQuote(browser, base, 'Reissued', 'Warning');

  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  await acceptWithCoverStarted(admin.request, base, application.id);
  const title = `Severe thunderstorm warning for large hail: Tammin ${member.id.slice(-6)} & Cunderdin`;
  // First over half the Home Paddock, then the Bureau's update of it over the whole paddock, raised to Extreme with bigger hail.
  const first = await postCapHailWarning(admin.request, base, title, SWATH);
  await postCapHailWarning(admin.request, base, title, WHOLE, { replaces: first, severity: 'Extreme', hail: '6 cm' });
  // Staff see the two issues: the update, and the first replaced by it.
  const staffPage = await admin.newPage();
  await staffPage.goto('/admin/alerts');
  const issues = staffPage.getByRole('list', { name: 'Events, newest first' }).getByRole('button').filter({ hasText: title });
  await expect(issues).toHaveCount(2);
  await expect(issues.filter({ hasText: '· the agency’s update of an earlier issue' })).toHaveCount(1);
  await expect(issues.filter({ hasText: '· replaced by the agency’s update' })).toHaveCount(1);
  await shoot(staffPage, 'reissued-staff');
  await admin.close();

  const context = await signedInContext(browser, base, member.email);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Storm and fire alerts over your paddocks' });
  const line = panel.getByRole('listitem').filter({ hasText: `Hail: ${title}` });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('· issued 2 times · Home Paddock');
  await shoot(page, 'reissued-panel');

  await line.getByRole('link', { name: `See the map of ${title}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/alerts/);
  const alert = page.getByRole('article', { name: `Hail: ${title}` });
  await expect(alert).toHaveCount(1);
  await expect(alert.getByText(/^First at .+, then updated once by the agency; this is the latest$/)).toBeVisible();
  await expect(alert.getByText('100% of 400 ha, about 400 ha')).toBeVisible();
  await expect(alert.getByRole('definition').filter({ hasText: /^from Severe to Extreme, hail up to 6 cm \(was up to 4 cm\)$/ })).toBeVisible();
  await alert.getByText('Earlier issues of this warning (1)').click();
  await expect(alert.getByRole('listitem').filter({ hasText: 'Home Paddock: 50% of 400 ha, about 200 ha' })).toContainText(/^From .+: Severe, hail up to 4 cm/);
  await shoot(page, 'reissued-alert');

  // An address kept from before the update, naming the first issue's alert, starts the claim from the warning as it now stands.
  const { alerts } = memberAlertsResponseSchema.parse(await (await context.request.get('/api/user/alerts')).json());
  const firstIssue = alerts.find((candidate) => candidate.title === title)!.earlierIssues[0]!;
  await page.goto(`/dashboard/claims?alert=${firstIssue.id}`);
  const form = page.getByRole('form', { name: 'Lodge a claim' });
  await expect(form.getByText(`From the alert “${title}”: its day and your paddocks under it are filled in.`, { exact: false })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: /Home Paddock/ })).toBeChecked();
  await form.getByLabel('Estimated loss ($)').fill('30000');
  await form.getByLabel('What happened?').fill('Hail took the whole Home Paddock as the storm came through.');
  await form.getByRole('button', { name: 'Lodge claim' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is lodged' })).toBeVisible();
  await context.close();

  // Staff opening the storm by its first issue find the claim under the warning, both issues together.
  const triage = await (await signedInContext(browser, base, administrator.email, administrator.password)).newPage();
  await triage.goto('/admin/alerts');
  await triage.getByRole('list', { name: 'Events, newest first' }).getByRole('button').filter({ hasText: title }).filter({ hasText: '· replaced by the agency’s update' }).click();
  // Other tests' members under the storm may lodge theirs beside it: the count is at least this one.
  await triage
    .getByRole('article', { name: `Hail: ${title}` })
    .getByRole('link', { name: /^\d+ claims? under this event’s 2 issues$/ })
    .click();
  await expect(triage.getByTestId('claims-event')).toContainText(`Claims under the hail event ${title} and the other issue of its warning: those started from any of them`);
  await triage.getByLabel('Member').fill(member.email);
  await triage.getByLabel('Member').press('Enter');
  await expect(triage.getByTestId('claim-corroboration')).toHaveCount(1);
  await shoot(triage, 'reissued-claims');
  await triage.context().close();
});

test('staff end a warning that was wrong from its page in the back office, saying why, and the member reads why on their alert', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const { member } = await memberWithQuote(browser, base, 'Ended', 'Byhand');
  const title = `Severe thunderstorm warning for large hail: Kellerberrin ${member.id.slice(-6)}`;
  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  await postHailWarning(admin.request, base, title, SWATH);

  // From the back office's own menu, as staff come to it.
  const staffPage = await admin.newPage();
  await staffPage.goto('/admin');
  const menu = staffPage.getByRole('navigation', { name: 'Administration' });
  await menu.getByRole('button', { name: /^Core Operations/ }).click();
  await menu.getByRole('link', { name: 'Alerts', exact: true }).first().click();
  await staffPage.getByRole('list', { name: 'Events, newest first' }).getByRole('button').filter({ hasText: title }).click();
  const event = staffPage.getByRole('article', { name: `Hail: ${title}` });
  await event.getByRole('button', { name: 'End this event…' }).click();
  const ending = event.getByRole('form', { name: 'End this event now' });
  // Every member of this file's tests has the same Home Paddock under the swath.
  await expect(ending).toContainText(/It stops being current for the \d+ members? under it: their alert stays, marked ended, with your reason\. Nobody is e-mailed\./);
  const reason = 'The Bureau sent this for the wrong district: no storm came near Kellerberrin <b>today</b>.';
  await ending.getByLabel('Why is it over? (members read it on their alert)').fill(reason);
  await ending.getByRole('button', { name: 'End it now' }).click();
  await expect(event.getByText(`who wrote for the members under it: “${reason}”`)).toBeVisible();
  await expect(event.getByRole('definition').filter({ hasText: /^Ended$/ })).toBeVisible();
  await shoot(staffPage, 'ended-staff');
  await admin.close();

  const context = await signedInContext(browser, base, member.email);
  const page = await context.newPage();
  await page.goto('/dashboard/alerts');
  const alert = page.getByRole('article', { name: `Hail: ${title}` });
  await expect(alert.getByRole('definition').filter({ hasText: `by the mutual’s staff: “${reason}”` })).toBeVisible();
  await expect(alert.getByRole('region', { name: /^Map of the event’s area/ })).toBeVisible();
  await shoot(page, 'ended-alert');
  await context.close();
});

test('a broker rung by a client the morning after reads the client’s alert and lodges the claim for them from it', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const { member: client, application } = await memberWithQuote(browser, base, 'Rung', 'Client');
  const setup = await browser.newContext({ baseURL: base });
  const broker = await registerMember(setup.request, base, 'Bram', 'Broker');
  await setup.close();
  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  const roles = async (id: string, data: object) => expect((await admin.request.put(`/api/admin/users/${id}/roles`, { data, headers: { Origin: base } })).status()).toBe(200);
  await roles(broker.id, { isBroker: true });
  await roles(client.id, { brokerId: broker.id });
  await acceptWithCoverStarted(admin.request, base, application.id);
  const title = `Severe thunderstorm warning for large hail: Meckering ${client.id.slice(-6)}`;
  await postHailWarning(admin.request, base, title, SWATH);
  await admin.close();

  const context = await signedInContext(browser, base, broker.email);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  // Your Clients says who is under the storm; the client's dashboard says it too.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Your Clients' }).click();
  const underAlerts = page.getByTestId('clients-under-alerts');
  await expect(underAlerts.getByRole('listitem').filter({ hasText: 'Rung Client' })).toContainText(`Hail: ${title} · Home Paddock`);
  await expect(page.getByTestId('client-card').filter({ hasText: 'Rung Client' })).toContainText('1 paddock, 400 ha');
  await shoot(page, 'broker-clients-under-alerts');
  await page.goto('/dashboard');
  await page.getByLabel('Showing records of').selectOption({ label: 'Rung Client' });
  const panel = page.getByRole('region', { name: 'Storm and fire alerts over your client’s paddocks' });
  await expect(panel.getByText(`Hail: ${title}`)).toBeVisible();
  await shoot(page, 'broker-client-panel');
  await page.goto('/dashboard/paddocks');
  await underAlerts.getByRole('link', { name: `See Rung Client’s alert: ${title}` }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/alerts\\?member=${client.id}`));
  const alert = page.getByRole('article', { name: `Hail: ${title}` });
  await expect(page.getByRole('status').filter({ hasText: 'Your client' })).toHaveText('Your client has not read 1 alert yet.');
  await expect(alert.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await shoot(page, 'broker-client-alert');
  await alert.getByRole('link', { name: 'Start a claim' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/claims\\?alert=.+&member=${client.id}`));
  const form = page.getByRole('form', { name: 'Lodge a claim' });
  await expect(form.getByText(`From the alert “${title}”: its day and your client’s paddocks under it are filled in.`, { exact: false })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: /Home Paddock/ })).toBeChecked();
  await form.getByLabel('Estimated loss ($)').fill('15000');
  await form.getByLabel('What happened?').fill('The client rang: hail through the western half of the Home Paddock overnight.');
  await form.getByRole('button', { name: 'Lodge claim' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is lodged' })).toBeVisible();
  // Lodged for the client, with the client still chosen.
  await expect(page).toHaveURL(new RegExp(`/dashboard/claims\\?member=${client.id}$`));
  await expect(page.getByTestId('claim-card').getByText(`Hail: ${title}`, { exact: false })).toBeVisible();
  await context.close();

  // The client reads the alert still unread: the broker's reading did not mark it.
  const own = await signedInContext(browser, base, client.email);
  const { unread } = memberAlertsResponseSchema.parse(await (await own.request.get('/api/user/alerts')).json());
  expect(unread).toBe(1);
  await own.close();
});
