import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerMember, signedInContext } from './support/accounts';
import { DISPLAY_ERROR_TEXT, displayErrorIn, dropChunk, loseNextAnswer, nextFrames } from './support/pages';
import { saveScreenshot } from './support/screenshots';
import { squareOutline } from '../shared/domain/geo/testing/square-outline';

const SHOTS = '.tmp/shots/admin-soil';
const REPORT = 'shared/domain/soil/fixtures/csbp-soil-report.csv';
const REPORT_WITH_ERRORS = 'shared/domain/soil/fixtures/csbp-soil-report-with-errors.csv';

/** How far the page scrolls sideways (0 when it does not), with the outermost elements of the main content that reach past the window. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = (element: Element) => element.getBoundingClientRect().right > width + 1;
    return {
      scroll: document.documentElement.scrollWidth - width,
      elements: [...document.querySelectorAll('main *')]
        .filter((element) => past(element) && !past(element.parentElement!) && !element.closest('.leaflet-container'))
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    };
  });

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await nextFrames(page);
    // Wide tables scroll inside their frames; the page itself never scrolls sideways.
    const { scroll, elements } = await overflow(page);
    expect(scroll, `reaching past the window: ${elements.join(', ')}`).toBe(0);
    await saveScreenshot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('staff import a lab CSV through the mapping screen, see the rows and the map legend; the member sees and adds their own', async ({ browser, baseURL, request, administrator }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const member = await registerMember(request, base, 'Sol', 'Tester');
  // The member keeps two mapped paddocks, named as the lab's report names them.
  const farm = await request.put('/api/farm/paddocks', {
    headers: { Origin: base },
    data: {
      paddocks: [
        { name: 'North Paddock', areaHa: 120, crop: 'wheat', geometry: squareOutline(117.2, -31.6, 0.012) },
        { name: 'Creek Flat', areaHa: 80, crop: 'canola', geometry: squareOutline(117.215, -31.6, 0.01) },
      ],
    },
  });
  expect(farm.status(), await farm.text()).toBe(200);

  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  const page = await admin.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/soil-testing-poc');
  await expect(page.getByRole('heading', { name: 'Soil testing (pilot)' })).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Find a member by name, e-mail or business').fill(member.email);
  await page.getByRole('button', { name: 'Find' }).click();
  await page
    .getByRole('list', { name: 'Members found' })
    .getByRole('button', { name: /Sol Tester/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Sol Tester’s paddocks' })).toBeVisible();

  // A file with bad rows: each row's problem is listed and the import cannot start.
  await page.getByLabel('Lab CSV file').setInputFiles(REPORT_WITH_ERRORS);
  await page.getByLabel('Lab (when the file has no lab column)').fill('CSBP');
  await page.getByRole('button', { name: 'Read the file' }).click();
  const problems = page.getByRole('list', { name: 'Rows with problems' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Row 3: The sample date “31/02/2025” is not a day (write it as 14/03/2025 or 2025-03-14)',
    'Row 4: “Back Paddock” is not one of the member’s paddocks (their paddocks are North Paddock, Creek Flat)',
    'Row 5: pH (CaCl2) must be between 3 and 10',
  ]);
  await expect(page.getByRole('button', { name: 'Import 1 sample' })).toBeDisabled();

  // The real report: its columns matched by their headings; staff change one and put it back.
  await page.getByLabel('Lab CSV file').setInputFiles(REPORT);
  await page.getByRole('button', { name: 'Read the file' }).click();
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping.getByLabel('Column for pH (CaCl2)').locator('option:checked')).toHaveText('pH Level (CaCl2)');
  await expect(mapping.getByLabel('Column for Colwell P (mg/kg)').locator('option:checked')).toHaveText('Phosphorus Colwell mg/Kg');
  await expect(page.getByText('6 of 6 rows are ready to import.')).toBeVisible();
  await shoot(page, 'mapping');
  await mapping.getByLabel('Column for Paddock').selectOption({ label: 'Not in the file' });
  await expect(page.getByText('Choose the column that holds the paddock name.')).toBeVisible();
  await mapping.getByLabel('Column for Paddock').selectOption({ label: 'Paddock' });
  await expect(page.getByText('6 of 6 rows are ready to import.')).toBeVisible();
  // The first answer is lost on the way back after the server kept the rows (a farm office's
  // connection): staff press Import again, and the file is imported once.
  const { lostStatus } = await loseNextAnswer(page, 'POST', '/api/admin/soil-samples/import');
  await page.getByRole('button', { name: 'Import 6 samples' }).click();
  await expect(page.getByRole('alert')).toHaveText('Network error. Please check your connection and try again.');
  expect(await lostStatus).toBe(201);
  await page.getByRole('button', { name: 'Import 6 samples' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 6 samples for Sol Tester.' })).toBeVisible();

  // The rows in the list, the map coloured by pH with its legend, then by Colwell P.
  const rows = page.getByRole('table', { name: 'Soil samples, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(1)).toContainText('Creek Flat');
  await expect(rows.nth(1)).toContainText('11 Mar 2025');
  const legend = page.getByTestId('soil-map-legend');
  await expect(legend).toContainText('pH (CaCl2)');
  await expect(legend.getByRole('listitem')).toHaveText([
    'Very acid: below 4.5',
    'Acid: 4.5 to 5',
    'Slightly acid: 5 to 5.5',
    'Suits most crops: 5.5 to 7',
    'Alkaline: 7 to 8',
    'Strongly alkaline: 8 and above',
    'No result',
  ]);
  await expect(page.locator('.leaflet-interactive')).toHaveCount(2);
  await page.getByLabel('Colour the map by').selectOption({ label: 'Colwell P (mg/kg)' });
  await expect(legend.getByRole('listitem').first()).toHaveText('Low: below 15');
  await expect(page.getByRole('img', { name: /Colwell P \(mg\/kg\) in North Paddock, 0–10 cm/ })).toBeVisible();
  await shoot(page, 'page');

  // A result read off a paper report, typed in by staff: it joins the list, and the form keeps the lab and day for the next.
  const entry = page.getByRole('form', { name: 'Enter a sample' });
  await entry.getByLabel('Paddock').selectOption({ label: 'North Paddock' });
  await entry.getByLabel('Lab', { exact: true }).fill('APAL');
  await entry.getByLabel('Sample date').fill('2025-04-20');
  await entry.getByLabel('pH (CaCl2)').fill('5.2');
  await entry.getByRole('button', { name: 'Save the sample' }).click();
  await expect(entry.getByRole('status')).toHaveText('Saved the 20 Apr 2025 sample of North Paddock.');
  await expect(entry.getByLabel('Lab', { exact: true })).toHaveValue('APAL');
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(1)).toContainText('20 Apr 2025');
  await expect(rows.nth(1)).toContainText('APAL');

  // The member's farm page: their own results, and a result of their own added, on a connection
  // that drops the soil map's code: the map's place says to refresh, the table and form work.
  const memberContext = await signedInContext(browser, base, member.email);
  await dropChunk(memberContext, 'soil-map');
  const memberPage = await memberContext.newPage();
  await memberPage.setViewportSize({ width: 1280, height: 900 });
  await memberPage.goto('/dashboard/paddocks');
  const section = memberPage.getByRole('region', { name: 'Soil results' });
  await expect(section.getByRole('table', { name: 'Your soil samples, newest first' }).getByRole('row')).toHaveCount(8, { timeout: 30_000 });
  await expect(displayErrorIn(section)).toContainText(DISPLAY_ERROR_TEXT);
  await section.getByRole('button', { name: 'Add a soil result' }).click();
  const form = section.getByRole('form', { name: 'Add a soil result' });
  await form.getByLabel('Paddock').selectOption('North Paddock');
  await form.getByLabel('Lab', { exact: true }).fill('Nutrient Advantage');
  await form.getByLabel('Sample date').fill('2025-09-02');
  await form.getByLabel('pH (CaCl2)').fill('11');
  await form.getByRole('button', { name: 'Save the result' }).click();
  await expect(form.getByText('pH (CaCl2) must be between 3 and 10')).toBeVisible();
  await form.getByLabel('pH (CaCl2)').fill('5.6');
  await form.getByRole('button', { name: 'Save the result' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved the 2 Sept 2025 result of North Paddock.');
  await expect(section.getByRole('table', { name: 'Your soil samples, newest first' }).getByRole('row')).toHaveCount(9);
  await shoot(memberPage, 'member');
});
