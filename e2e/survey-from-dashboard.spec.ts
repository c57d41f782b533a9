/**
 * The fire risk survey answered after submitting: a grower with fire and lightning
 * protection who skipped the survey is asked on the dashboard, answers it there at phone width, and
 * is not asked again.
 */
import { expect, test } from './support/fixtures';
import { FIRE_RISK_QUESTIONS } from '../shared/contracts/fire-risk-survey';
import { growerWithSubmittedQuote } from './support/quotes';
import { saveScreenshot } from './support/screenshots';

const SHOTS = '.tmp/screenshots/survey';

test('a grower who submitted without the fire risk survey answers it from the dashboard', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const { context, page } = await growerWithSubmittedQuote(browser, base, 'Later', 'Survey');

  await page.goto('/dashboard');
  const prompt = page.getByTestId('survey-prompt');
  await expect(prompt).toContainText('Your fire and lightning protection asks for the fire risk survey, which is not answered yet.');
  await prompt.getByRole('link', { name: 'Answer the fire risk survey' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fire risk survey');

  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByRole('alert')).toHaveText(`Answer every question: ${FIRE_RISK_QUESTIONS.length} still to go.`);
  for (const question of FIRE_RISK_QUESTIONS) {
    await page.getByRole('group', { name: question.text }).getByRole('radio').first().check();
  }
  await saveScreenshot(page, { path: `${SHOTS}/answered-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you: your answers are with the mutual.');
  await expect(page.getByTestId('survey-status')).toContainText('Answered');
  // The form that was sent is gone: the focus waits on the button that opens it again.
  await expect(page.getByRole('button', { name: 'Review or change your answers' })).toBeFocused();
  await saveScreenshot(page, { path: `${SHOTS}/sent-390.png`, fullPage: false });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('G’day, Later');
  await expect(page.getByTestId('survey-prompt')).toHaveCount(0);
  await context.close();
});
