/**
 * /admin/alerts: an administrator uploads the Bureau's CAP warning (the shipped
 * fixture, moved over a member's paddock and given a fresh identifier), sees what became of it,
 * finds it in the list with the member matched, opens it and sees the member, their paddock and the
 * e-mails sent; the feeds say they are not configured. Screenshots at phone and desktop width go
 * to .tmp/screenshots/admin-alerts/.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { registerMember, signInThroughPage } from './support/accounts';
import { cunderdinQuote, submitQuote } from './support/quotes';
import { shootAtWidths } from './support/screenshots';
import { squareOutline } from '../shared/domain/geo/testing/square-outline';

const FIXTURE = readFileSync('server/src/modules/alerts/fixtures/bom-severe-thunderstorm-polygon.xml', 'utf8');

/** Storm Flat: 117.30–117.32 E, 31.68–31.70 S (400 ha), away from the other specs' paddocks near Cunderdin. */
const STORM_FLAT = { id: 'p1', name: 'Storm Flat', area: 400, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(117.3, -31.7, 0.02) };

/** The fixture's warning, now, with its polygon over the western half of Storm Flat (117.29–117.31 E). */
function warningOverStormFlat(headline: string): string {
  const now = Date.now();
  const perth = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+08:00');
  return FIXTURE.replace(/<identifier>[^<]+<\/identifier>/, `<identifier>urn:oid:2.49.0.1.36.0.IDW21037.${randomUUID()}</identifier>`)
    .replace(/<sent>[^<]+<\/sent>/, `<sent>${perth(now - 60_000)}</sent>`)
    .replace(/<effective>[^<]+<\/effective>/, `<effective>${perth(now - 60_000)}</effective>`)
    .replace(/<expires>[^<]+<\/expires>/, `<expires>${perth(now + 3 * 3_600_000)}</expires>`)
    .replace(/<headline>[^<]+<\/headline>/, `<headline>${headline}</headline>`)
    .replace(/<polygon>[^<]+<\/polygon>/, '<polygon>-31.71,117.29 -31.67,117.29 -31.67,117.31 -31.71,117.31 -31.71,117.29</polygon>');
}

test('an administrator posts a CAP warning over a member’s paddock and follows it to the member and the e-mails sent', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const setup = await browser.newContext({ baseURL: base });
  const member = await registerMember(setup.request, base, 'Hailey', 'Stormfield');
  await submitQuote(setup.request, base, cunderdinQuote({ ...member, firstName: 'Hailey', lastName: 'Stormfield' }, [STORM_FLAT]));
  await setup.close();

  const headline = `Severe Thunderstorm Warning for large hailstones near Storm Flat ${randomUUID().slice(0, 8)}`;
  const context = await browser.newContext({ baseURL: base });
  await context.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (route) => route.abort());
  const page = await context.newPage();
  await signInThroughPage(page, '/admin/alerts', administrator);
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();

  // No feed is set on this server.
  const feeds = page.getByRole('region', { name: 'Feeds' });
  await expect(feeds.getByText('Not configured')).toHaveCount(2);
  await expect(feeds.getByText('Set ALERT_FEED_BOM_URL to read it every 5 minutes.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Post a warning' });
  await form.getByLabel('Choose a file').setInputFiles({ name: 'IDW21037.xml', mimeType: 'application/xml', buffer: Buffer.from(warningOverStormFlat(headline)) });
  await expect(form.getByText('Read IDW21037.xml')).toBeVisible();
  await form.getByRole('button', { name: 'Post' }).click();
  const outcome = page.getByRole('status', { name: 'What became of the message' });
  await expect(outcome.getByText('Stored', { exact: true })).toBeVisible();
  await expect(outcome.getByText('1 member matched, 1 paddock; their e-mails are on their way.')).toBeVisible();

  const item = page.getByRole('list', { name: 'Events, newest first' }).getByRole('button', { name: new RegExp(`Hail: ${headline}`) });
  await expect(item).toContainText('Bureau of Meteorology · Posted by staff');
  await expect(item).toContainText('1 member · 1 paddock');
  await item.click();
  await expect(page).toHaveURL(/[?&]event=/);

  const opened = page.getByRole('article', { name: `Hail: ${headline}` });
  const hailey = opened.getByRole('region', { name: 'Hailey Stormfield' });
  await expect(hailey.getByRole('row', { name: /Storm Flat/ })).toContainText('50%, about 200 ha');
  await expect(hailey.getByText('Not read yet')).toBeVisible();
  // The e-mail goes from the job queue; the open event is read again until it shows.
  await expect(hailey.getByText(/^E-mailed: Member /)).toBeVisible({ timeout: 30_000 });
  await expect(opened.getByText('1 paddock outline drawn in red over the event’s area.')).toBeVisible();
  await expect(opened.getByTestId('event-map').locator('path.leaflet-interactive')).toHaveCount(2);
  await page.reload();
  await expect(item).toContainText('1 member · 1 paddock · 1 e-mail sent');
  await expect(hailey.getByText(/^E-mailed: Member /)).toBeVisible();

  await shootAtWidths(page, 'admin-alerts', 'alerts');
  await shootAtWidths(page, 'admin-alerts', 'event', { target: opened });
  await context.close();
});

test('a warning over the whole world is held: staff see how much ground it covers and withdraw it, and nobody is told', async ({ browser, baseURL, administrator }) => {
  const context = await browser.newContext({ baseURL: baseURL! });
  await context.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (route) => route.abort());
  const page = await context.newPage();
  await signInThroughPage(page, '/admin/alerts', administrator);
  const headline = `Warning drawn over the world by mistake ${randomUUID().slice(0, 8)}`;
  const overWorld = warningOverStormFlat(headline).replace(/<polygon>[^<]+<\/polygon>/, '<polygon>-60,-170 60,-170 60,170 -60,170 -60,-170</polygon>');
  const form = page.getByRole('form', { name: 'Post a warning' });
  await form.getByLabel('Or paste the CAP alert or GeoJSON').fill(overWorld);
  await form.getByRole('button', { name: 'Post' }).click();
  const outcome = page.getByRole('status', { name: 'What became of the message' });
  await expect(outcome.getByText('Held: it covers more ground than any storm or fire, so nobody is told until staff confirm it')).toBeVisible();
  await outcome.getByRole('button', { name: 'Open the event' }).click();

  const opened = page.getByRole('article', { name: `Hail: ${headline}` });
  const decision = opened.getByRole('region', { name: 'Confirm before anyone is told' });
  await expect(decision).toContainText(/It covers about [\d,]+ km², more than any storm warning or fire/);
  await expect(opened.getByText(/^E-mailed: /)).toHaveCount(0);
  await shootAtWidths(page, 'admin-alerts', 'held', { target: decision });
  await decision.getByRole('button', { name: 'Withdraw it' }).click();
  await expect(decision).toHaveCount(0);
  await expect(opened.getByText('Ended', { exact: true })).toBeVisible();
  await expect(opened.getByText(/^E-mailed: /)).toHaveCount(0);
  await context.close();
});

/** Phone Flat: 117.52–117.54 E, 31.66–31.64 S (about 400 ha), east of Tammin, clear of the other specs' paddocks. */
const PHONE_FLAT = { id: 'p1', name: 'Phone Flat', area: 400, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(117.52, -31.66, 0.02) };
/** Pixels per degree at zoom 11 (where a found place opens) near 31.65° S: 256 × 2¹¹ / 360 across, and that over cos(latitude) up and down. */
const PX_PER_DEGREE_LNG = (256 * 2 ** 11) / 360;
const PX_PER_DEGREE_LAT = PX_PER_DEGREE_LNG / Math.cos((31.65 * Math.PI) / 180);

test('a hailstorm reported by phone: staff find the place, draw its area and store it, and the member under it is matched', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const setup = await browser.newContext({ baseURL: base });
  const member = await registerMember(setup.request, base, 'Ringo', 'Caller');
  await submitQuote(setup.request, base, cunderdinQuote({ ...member, firstName: 'Ringo', lastName: 'Caller' }, [PHONE_FLAT]));
  await setup.close();

  const context = await browser.newContext({ baseURL: base });
  await context.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (route) => route.abort());
  const page = await context.newPage();
  await signInThroughPage(page, '/admin/alerts', administrator);
  const form = page.getByRole('form', { name: 'Report an event by hand' });
  await form.getByRole('combobox', { name: 'Go to a place' }).fill('Tammin');
  await form
    .getByRole('listbox', { name: 'Places' })
    .getByRole('option', { name: /^Tammin/ })
    .first()
    .click();
  await expect(form.getByText('The map shows Tammin')).toBeVisible();

  // A rectangle around Phone Flat: Tammin (117.4869 E, 31.642 S) is the map's centre.
  const map = form.getByTestId('report-map');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.locator('.leaflet-container').boundingBox())!;
  const at = (lng: number, lat: number) => [box.x + box.width / 2 + (lng - 117.4869) * PX_PER_DEGREE_LNG, box.y + box.height / 2 - (lat - -31.642) * PX_PER_DEGREE_LAT] as const;
  await map.locator('.leaflet-pm-icon-rectangle').click();
  await page.mouse.click(...at(117.51, -31.63));
  await page.mouse.move(...at(117.55, -31.67), { steps: 5 });
  await page.mouse.click(...at(117.55, -31.67));
  await expect(form.getByText(/^Area drawn: about \d+ km²\./)).toBeVisible();

  const report = `Caller at Phone Flat: hail like marbles ${randomUUID().slice(0, 8)}`;
  await form.getByLabel('What was reported').fill(report);
  await form.getByLabel('Hail size in mm (optional)').fill('15');
  await form.getByRole('button', { name: 'Store the event and tell the members' }).click();
  const outcome = page.getByRole('status', { name: 'What became of the message' });
  await expect(outcome.getByText('1 member matched, 1 paddock; their e-mails are on their way.')).toBeVisible();
  await expect(outcome.getByText(/^Reported to staff · drawn-/)).toBeVisible();

  await shootAtWidths(page, 'admin-alerts', 'report', { target: page.getByRole('region', { name: 'Report an event by hand' }) });
  await outcome.getByRole('button', { name: 'Open the event' }).click();
  const opened = page.getByRole('article', { name: `Hail: ${report}` });
  await expect(opened).toContainText('Drawn by staff from a report');
  await expect(opened.getByRole('region', { name: 'Ringo Caller' }).getByRole('row', { name: /Phone Flat/ })).toContainText('100%');
  await context.close();
});

test('a Bureau warning placed only by districts without boundaries waits for staff, who place it by drawing its area', async ({ browser, baseURL, administrator }) => {
  const context = await browser.newContext({ baseURL: baseURL! });
  await context.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (route) => route.abort());
  const page = await context.newPage();
  await signInThroughPage(page, '/admin/alerts', administrator);
  // The Bureau's real IDN21033, placed by six NSW districts and no polygon; this server has no districts file.
  const warning = readFileSync('server/src/modules/alerts/fixtures/published/bom-IDN21033-severe-thunderstorm-2019-01-16.cap', 'utf8').replace(
    /<cap:identifier>[^<]+/,
    `<cap:identifier>IDN21033-${randomUUID()}`,
  );
  const form = page.getByRole('form', { name: 'Post a warning' });
  await form.getByLabel('Or paste the CAP alert or GeoJSON').fill(warning);
  await form.getByRole('button', { name: 'Post' }).click();
  const outcome = page.getByRole('status', { name: 'What became of the message' });
  await expect(outcome.getByText(/^Needs placing: it names districts with no boundary installed/)).toBeVisible();
  await outcome.getByRole('button', { name: 'Open the event' }).click();

  const placing = page.getByRole('region', { name: 'Place this warning' });
  await expect(placing).toContainText('No boundary is installed for NSW_PW002, NSW_PW003, NSW_PW004, NSW_PW008, NSW_PW011, NSW_PW012 (no districts file is set: ALERT_DISTRICTS_FILE), so nobody has been told.');
  // Drawn at Eucla, on the Nullarbor, where no test's member farms: nobody is told of this warning.
  await placing.getByRole('combobox', { name: 'Go to a place' }).fill('Eucla');
  await placing
    .getByRole('listbox', { name: 'Places' })
    .getByRole('option', { name: /^Eucla/ })
    .first()
    .click();
  await expect(placing.getByText('The map shows Eucla')).toBeVisible();
  const map = placing.getByTestId('report-map');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.locator('.leaflet-container').boundingBox())!;
  await map.locator('.leaflet-pm-icon-rectangle').click();
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 5 });
  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.7);
  await shootAtWidths(page, 'admin-alerts', 'place', { target: placing });
  await placing.getByRole('button', { name: /^Place it on the area drawn \(about [\d,]+ km²\)$/ }).click();
  await expect(placing).toHaveCount(0);
  // Placed: its map is drawn; a warning of 2019 has long expired, and no member's paddock lies under the Nullarbor.
  const placed = page.getByRole('article', { name: /^Storm: Severe Thunderstorm Warning for Mid North Coast/ });
  await expect(placed.getByTestId('event-map')).toBeVisible();
  await expect(placed).toContainText('Expired');
  await expect(placed).toContainText('No member’s paddock lay under this event.');
  await context.close();
});
