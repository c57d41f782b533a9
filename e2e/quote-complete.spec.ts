import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { COVERAGE_TYPES, type CoverageType } from '../shared/constants';
import type { CropAllocation } from '../shared/contracts/pricing';
import { FIRE_RISK_QUESTIONS } from '../shared/contracts/fire-risk-survey';
import { displayAmounts, lossExampleRows, lossExamplesOf, moneyBreakdown } from '../shared/domain/estimates';
import { DEFAULT_PRICING_MODEL } from '../shared/domain/pricing/default-model';
import { calculatePremium } from '../shared/domain/pricing/engine';
import { compareHurdles } from '../shared/domain/pricing/hurdle-comparison';
import { waCalendarDate } from '../shared/domain/pricing/quote-pricing';
import type { PricingContext } from '../shared/domain/pricing/types';
import { extractPdfText } from '../server/src/testing/pdf-text';
import { drawPaddock, visitorToFarmMapping } from './support/wizard';
import { saveScreenshot } from './support/screenshots';

/**
 * End to end: a new visitor goes from /quote to the success step with one paddock drawn on
 * the map and one typed in, and every figure on the estimate page is the engine's own figure for
 * the seeded model (DEFAULT_PRICING_MODEL), worked out here from the same inputs.
 */

/** As most visitors come: the steps glide to the top (playwright.config.ts asks for less motion elsewhere). */
test.use({ reducedMotion: 'no-preference' });

const screenshotsDir = '.tmp/screenshots';
const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatMoney = (amount: number) => money.format(amount);

/** A step is shot whole; an open modal sits in the window, so only the window is shot. */
async function shoot(page: Page, name: string, width: number, fullPage = true) {
  await saveScreenshot(page, { path: join(screenshotsDir, `quote-complete-${name}-${width}.png`), fullPage });
}

for (const width of [1366, 390]) {
  test(`a new visitor completes a quote with a drawn and a typed paddock, at the engine’s figures (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const email = `complete-${width}-${Date.now()}@farm.example`;
    await visitorToFarmMapping(page, email);

    // ---- Farm mapping: find the farm, draw one paddock, type another.
    await page.getByRole('combobox', { name: 'Find your farm' }).fill('merred');
    await page.getByRole('option', { name: /Merredin WA 6415/ }).click();
    // The map moves to the farm before anything is drawn on it.
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
    await expect(page.getByTestId('risk-zone')).toContainText('Your risk zone:');
    await drawPaddock(page);
    const items = page.getByTestId('paddock-item');
    await expect(items).toHaveCount(1);
    await items.first().getByLabel('Paddock name').fill('Home Paddock');
    const drawnArea = Number((await items.first().getByTestId('paddock-area').innerText()).replace(/[^\d.]/g, ''));
    expect(drawnArea).toBeGreaterThan(1);
    await page.getByRole('group', { name: 'Add a paddock without drawing' }).getByLabel('Paddock name').fill('Back 40');
    await page.getByLabel('Area (hectares)').fill('40');
    await page.getByLabel('Area (hectares)').press('Enter');
    await expect(items).toHaveCount(2);
    await page.getByRole('button', { name: 'Continue' }).click();

    // ---- Crops and protection: a card per paddock, figures per crop, defaults preselected.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crops and protection');
    const cards = page.getByTestId('paddock-card');
    await expect(cards).toHaveCount(2);
    await cards.nth(0).getByLabel('Crop', { exact: true }).selectOption('wheat');
    await cards.nth(1).getByLabel('Crop', { exact: true }).selectOption('canola');
    await expect(cards.nth(0).getByLabel('Variety')).toHaveValue('Standard');
    await cards.nth(0).getByLabel('Planting date').fill('2026-05-10');
    await cards.nth(0).getByLabel('Expected harvest date').fill('2026-12-01');
    await cards.nth(1).getByLabel('Pod shatter protectant (podguard) applied').check();

    const wheat = page.getByRole('group', { name: 'wheat' });
    const canola = page.getByRole('group', { name: 'canola' });
    await expect(wheat.getByLabel('Expected yield (t/ha)')).toHaveAttribute('placeholder', 'e.g. 1.5 to 3.5');
    await expect(wheat.getByLabel('Price ($/t)')).toHaveAttribute('placeholder', 'e.g. 250 to 350');
    // docs/behaviour.md §5: the crop's default hurdle is preselected and nothing below its minimum is offered.
    await expect(wheat.getByLabel('Hurdle')).toHaveValue('5');
    await expect(canola.getByLabel('Hurdle')).toHaveValue('15');
    await expect(canola.getByLabel('Hurdle').locator('option')).toHaveText(['10% hurdle', '15% hurdle', '20% hurdle']);
    await wheat.getByLabel('Expected yield (t/ha)').fill('2.5');
    await wheat.getByLabel('Price ($/t)').fill('340');
    await canola.getByLabel('Expected yield (t/ha)').fill('1.4');
    await expect(page.getByTestId('crop-completion')).toContainText('1 of 2 paddock sections (50%)');
    await page.getByRole('button', { name: 'Check my quote' }).click();
    await expect(page.getByTestId('quote-checklist')).toContainText('Enter the price ($/t) for the canola crop');
    await shoot(page, 'validation-modal', width, false);
    await page.getByTestId('modal-validation').getByRole('button', { name: 'Close' }).click();
    await canola.getByLabel('Price ($/t)').fill('720');
    await expect(page.getByTestId('crop-completion')).toContainText('2 of 2 paddock sections (100%)');
    await expect(cards.nth(1).getByTestId('paddock-status')).toHaveText('Complete');

    // The fire risk survey, rendered from the shared question list.
    await expect(page.getByTestId('survey-status')).toHaveText('Not answered yet.');
    await page.getByRole('button', { name: 'Answer the fire risk survey' }).click();
    const survey = page.getByTestId('modal-fireRiskSurvey');
    await expect(survey.getByRole('group')).toHaveCount(FIRE_RISK_QUESTIONS.length);
    await survey.getByRole('button', { name: 'Send my answers' }).click();
    await expect(survey.getByRole('alert')).toHaveText(`Answer every question: ${FIRE_RISK_QUESTIONS.length} still to go.`);
    for (const question of FIRE_RISK_QUESTIONS) await survey.getByRole('group', { name: question.text }).getByLabel(question.options[0].label, { exact: true }).check();
    await expect(survey.getByRole('alert')).toBeHidden();
    await shoot(page, 'fire-risk-survey', width, false);
    await survey.getByRole('button', { name: 'Send my answers' }).click();
    await expect(survey).toBeHidden();
    await expect(page.getByTestId('survey-status')).toHaveText('Completed. Thank you.');
    await shoot(page, 'protection-calculator', width);
    await page.getByRole('button', { name: 'See my estimate' }).click();

    // ---- Estimate: the engine's figures for the seeded model, worked out here.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your estimate');
    await expect(page.getByTestId('estimate-details')).toBeVisible();
    const zone = (await page.getByTestId('estimate-zone').innerText()).trim();
    const allocations: CropAllocation[] = [
      { type: 'wheat', hectares: drawnArea, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 },
      { type: 'canola', hectares: 40, expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 },
    ];
    const context: PricingContext = { quoteDate: waCalendarDate(new Date()), priorMemberSeasons: 0, referrerCodeIsValid: false };
    const request = (coverageType: CoverageType) => ({ coverageType, cropAllocations: allocations, zone, coveragePreferences: { irrigation: false, hailNetting: false, frostPrevention: false } });
    const expected = Object.fromEntries(COVERAGE_TYPES.map((type) => [type, calculatePremium(request(type), DEFAULT_PRICING_MODEL, context)])) as Record<CoverageType, ReturnType<typeof calculatePremium>>;
    for (const type of COVERAGE_TYPES) {
      const amounts = displayAmounts(expected[type].premium);
      await expect(page.getByTestId(`coverage-${type}-premium`)).toHaveText(formatMoney(amounts.displayedPremium));
      await expect(page.getByTestId(`coverage-${type}-total`)).toHaveText(formatMoney(amounts.totalPayable));
    }
    // Nothing was chosen, so 'Hail, Fire & Lightning' is selected (docs/behaviour.md §4).
    await expect(page.getByTestId('coverage-both').getByRole('radio')).toBeChecked();
    const both = displayAmounts(expected.both.premium);
    await expect(page.getByTestId('insured-value')).toHaveText(formatMoney(expected.both.insuredValue));
    // One money story: the same lines, in the mutual's words, on the screen and in the PDF.
    const moneyLines = moneyBreakdown(expected.both.premium);
    await expect(page.getByTestId('premium-breakdown').locator('th')).toHaveText(moneyLines.map((line) => line.label));
    await expect(page.getByTestId('premium-breakdown').locator('td')).toHaveText(moneyLines.map((line) => formatMoney(line.amount)));
    const comparison = compareHurdles(request('both'), DEFAULT_PRICING_MODEL, context);
    await expect(page.getByTestId('hurdle-comparison').locator('td')).toHaveText([comparison.actualPremium, comparison.noHurdlePremium].map(formatMoney));
    await expect(page.getByTestId('hurdle-comparison')).toContainText(`Your hurdles save you ${formatMoney(comparison.savings)} compared with no hurdle.`);
    // A loss before you buy: what 10, 30 and 60 % lost on every paddock would put before the board, by the shared rule.
    const lossRows = lossExampleRows(lossExamplesOf(expected.both));
    const lossExample = page.getByTestId('loss-example');
    await expect(lossExample.getByRole('heading')).toHaveText('If hail or fire took part of your crop');
    await expect(lossExample).toContainText(`For ${formatMoney(both.totalPayable)} a season`);
    await expect(lossExample.locator('tbody tr')).toHaveText(lossRows.map((cells) => cells.join('')));
    await lossExample.scrollIntoViewIfNeeded();
    await shoot(page, 'loss-example', width);

    await page.getByLabel('Submit my application').check();
    await page.getByRole('button', { name: 'Save this estimate' }).click();
    await expect(page.getByTestId('estimate-saved')).toHaveText('Estimate saved.');
    const pdf = await page.request.get((await page.getByTestId('download-pdf').getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const pdfText = (await extractPdfText(await pdf.body())).replace(/\s+/g, ' ');
    for (const line of moneyLines) expect(pdfText).toContain(`${line.label} ${formatMoney(line.amount)}`);
    for (const cells of lossRows) expect(pdfText).toContain(cells.join(' '));
    expect(pdfText).not.toMatch(/premium|insured|pricing model/i);
    await shoot(page, 'estimate-display', width);
    await page.getByRole('button', { name: 'Continue to review' }).click();

    // ---- Review and submit: a callback, then the submission.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review and submit');
    await expect(page.getByTestId('quote-ready')).toBeVisible();
    await expect(page.getByTestId('review-paddock')).toHaveCount(2);
    await expect(page.getByTestId('review-total')).toHaveText(formatMoney(both.totalPayable));
    await page.getByLabel('When suits you?').selectOption('Afternoon (12 pm to 5 pm)');
    await page.getByRole('button', { name: 'Request a callback' }).click();
    await expect(page.getByTestId('callback-done')).toContainText('We will call you on 0412 345 678, afternoon (12 pm to 5 pm).');
    await shoot(page, 'final-submission', width);
    await page.getByRole('button', { name: 'Submit my application' }).click();

    await expect(page).toHaveURL(/step=success/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote submitted');
    await expect(page.getByTestId('success-total')).toHaveText(formatMoney(both.totalPayable));
    // The number the e-mail, the Protection page and the PDF give, never the internal id.
    await expect(page.getByTestId('application-reference')).toHaveText(/^APP-\d{4}-\d{5}$/);
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    await shoot(page, 'success', width);

    // The member sees the application with the server's own figures.
    const applications = await page.request.get('/api/protection');
    const body = (await applications.json()) as { applications: Array<{ coverageType: string; totalPayable: number }> };
    expect(body.applications).toEqual([expect.objectContaining({ coverageType: 'both', totalPayable: both.totalPayable })]);

    // The account the wizard made is known on every screen: the header offers the dashboard, which opens signed in.
    if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    if (width < 768) await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Please sign in to see that page.')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Jo');
    await shoot(page, 'dashboard-after-applying', width);
    // Sign In while signed in goes to the dashboard.
    await page.goto('/auth/signin');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}
