import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { decodeGazetteer, type GazetteerFile, searchLocalities } from '../shared/domain/geo/gazetteer';
import gazetteer from '../shared/domain/geo/wa-localities.json' with { type: 'json' };
import { registerMember, signedInContext } from './support/accounts';
import { cunderdinQuote, submitQuote, acceptWithCoverStarted } from './support/quotes';
import { settledBox } from './support/pages';
import { saveScreenshot, shootAtWidths } from './support/screenshots';
import { squareOutline } from '../shared/domain/geo/testing/square-outline';
import { formatCents } from '../shared/format';

const SHOTS = '.tmp/shots/admin-risk';

const shoot = (page: Page, name: string) => shootAtWidths(page, 'admin-risk', name);

// Merredin as the gazetteer has it: the map goes there (zoom 12) when staff look it up.
const merredin = searchLocalities(decodeGazetteer(gazetteer as GazetteerFile), 'Merredin')[0]!;
/** Web Mercator pixels per degree at zoom 12: longitude, and latitude near Merredin. */
const PX_PER_DEGREE_LNG = (256 * 2 ** 12) / 360;
const PX_PER_DEGREE_LAT = PX_PER_DEGREE_LNG / Math.cos((merredin.lat * Math.PI) / 180);

test('a swath drawn on the risk map lists the protected paddocks under it, and a season runs to its figures', async ({ browser, baseURL, request, administrator }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const suffix = String(Date.now()).slice(-6);
  const member = await registerMember(request, base, 'Rhea', 'Swathe');
  // Two 100 ha wheat paddocks north-east of Merredin: the swath will cover the first and miss the second.
  const under = `Swath Top ${suffix}`;
  const clear = `Clear East ${suffix}`;
  const quote = cunderdinQuote(member, [
    { id: 'r1', name: under, area: 100, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(merredin.lng + 0.005, merredin.lat + 0.005, 0.01) },
    { id: 'r2', name: clear, area: 100, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(merredin.lng + 0.04, merredin.lat + 0.005, 0.01) },
  ]);
  // The farm's pin where its paddocks are: pricing refuses a pin 30 km or more from them.
  const application = await submitQuote(request, base, { ...quote, farmData: { ...quote.farmData, address: 'Merredin WA', farmLocation: { lat: merredin.lat, lng: merredin.lng }, zone: 'EWB' } });
  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  await acceptWithCoverStarted(admin.request, base, application.id);

  const page = await admin.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/risk-simulation');
  await expect(page.getByRole('heading', { name: 'Risk simulation' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('risk-map')).toHaveAttribute('data-tiles', 'none', { timeout: 30_000 });

  await page.getByRole('combobox', { name: 'Go to a place' }).fill('Merredin');
  // The places offered, not a saved event's name in the list beside it.
  await page
    .getByRole('listbox', { name: 'Places' })
    .getByRole('option', { name: /^Merredin/ })
    .first()
    .click();
  await expect(page.getByRole('combobox', { name: 'Go to a place' })).toHaveValue(/^Merredin/);

  // A rectangle from just north-east of the town's pin to past the first paddock (about 0.02° each
  // way), measured from where the pin is drawn rather than from the map's middle.
  const map = page.locator('.leaflet-container');
  await map.scrollIntoViewIfNeeded();
  const pin = await settledBox(map.getByTitle(/^Merredin/));
  const cx = pin.x + pin.width / 2;
  const cy = pin.y + pin.height / 2;
  await page.locator('.leaflet-pm-icon-rectangle').first().click();
  await page.mouse.click(cx + 0.002 * PX_PER_DEGREE_LNG, cy - 0.002 * PX_PER_DEGREE_LAT);
  await page.mouse.move(cx + 0.02 * PX_PER_DEGREE_LNG, cy - 0.02 * PX_PER_DEGREE_LAT, { steps: 5 });
  await page.mouse.click(cx + 0.02 * PX_PER_DEGREE_LNG, cy - 0.02 * PX_PER_DEGREE_LAT);

  const table = page.getByRole('table', { name: 'Paddocks under the footprint' });
  const row = table.getByRole('row', { name: new RegExp(under) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(0)).toHaveText('Rhea Swathe');
  // Wholly under the swath: $85,000 protected (100 ha × 2.5 t × $340), half lost at 50 % is $42,500, less the 5 % hurdle of $4,250.
  await expect(row.getByRole('cell')).toHaveText(['Rhea Swathe', 'Wheat', 'EWB', '100 ha', '100%', '$85,000.00', '5% ($4,250.00)', '$38,250.00']);
  await expect(table.getByRole('row', { name: new RegExp(clear) })).toHaveCount(0);
  await shoot(page, 'event');

  // A lighter storm: the claims follow the severity.
  await page.getByLabel('Severity (% of crop lost)').fill('5');
  await expect(row.getByRole('cell').last()).toHaveText('$0.00');

  await page.getByLabel('Name of the event').fill(`Merredin storm ${suffix}`);
  await page.getByRole('button', { name: 'Save the event and its results' }).click();
  await expect(page.getByText(`Saved “Merredin storm ${suffix}”.`)).toBeVisible();

  // A short season run, watched to the end.
  await page.getByLabel('Seasons').fill('300');
  await page.getByLabel('Name of the run').fill(`Quick season ${suffix}`);
  await page.getByRole('button', { name: 'Run the seasons' }).click();
  const run = page.getByRole('article', { name: `Run Quick season ${suffix}` });
  await expect(run.getByRole('heading', { name: '1-in-20 season' })).toBeVisible({ timeout: 30_000 });
  await expect(run.getByRole('img', { name: /Claims per season over 300 simulated seasons/ })).toBeVisible();
  await saveScreenshot(run, { path: `${SHOTS}/season-run-1366.png` });

  // The reserve the runs measure against: changed, said, kept over a reload, then put back as it was.
  const reserveForm = page.getByRole('form', { name: 'The mutual’s reserve' });
  const reserve = reserveForm.getByLabel('Reserve against claims ($)');
  const before = Number(await reserve.inputValue());
  await reserve.fill(String(before + 250_000));
  await reserveForm.getByRole('button', { name: 'Save the reserve' }).click();
  await expect(reserveForm.getByRole('status')).toHaveText(`Reserve saved: ${formatCents((before + 250_000) * 100)}.`);
  await page.reload();
  await expect(page.getByRole('form', { name: 'The mutual’s reserve' }).getByLabel('Reserve against claims ($)')).toHaveValue(String(before + 250_000));
  await page.getByRole('form', { name: 'The mutual’s reserve' }).getByLabel('Reserve against claims ($)').fill(String(before));
  await page.getByRole('form', { name: 'The mutual’s reserve' }).getByRole('button', { name: 'Save the reserve' }).click();
  await expect(page.getByRole('form', { name: 'The mutual’s reserve' }).getByRole('status')).toHaveText(`Reserve saved: ${formatCents(before * 100)}.`);
  await admin.close();
});
