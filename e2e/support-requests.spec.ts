import { expect, test } from './support/fixtures';
import { registerMember, signedInContext, signInThroughPage } from './support/accounts';
import { outboxMails } from './support/outbox';

test('a callback request appears in the queue, is assigned, answered and resolved, and the member sees the answer', async ({ page, request, baseURL, browser, administrator }) => {
  test.setTimeout(120_000);
  const member = await registerMember(request, baseURL!, 'Della', 'Helpme');
  const asked = await request.post('/api/callbacks/request', {
    headers: { Origin: baseURL! },
    data: {
      reason: 'Questions about my estimate',
      timePreference: 'Morning',
      description: 'Is barley covered for fire?',
      userInfo: { email: member.email, firstName: member.firstName, lastName: member.lastName, phone: '0412 345 678' },
    },
  });
  expect(asked.status()).toBe(201);

  await signInThroughPage(page, '/admin/support-requests', administrator);
  await expect(page.getByRole('heading', { name: 'Support Requests' })).toBeVisible();
  await expect(page.getByTestId('support-requests-badge')).toHaveText(/^(\d+|99\+)$/);
  await page.getByLabel('Name, e-mail or subject').fill(member.email);
  await page.getByRole('button', { name: 'Search' }).click();
  // The search leaves the member's request alone in the list (the whole queue shows until it has applied).
  const list = page.getByRole('list', { name: /Support requests/ });
  await expect(list.getByRole('button')).toHaveCount(1);
  const item = list.getByRole('button', { name: /Call back: Questions about my estimate/ });
  await expect(item).toContainText('New');
  await expect(item).toContainText(/Waiting \d+ (min|h)/);
  // Opened from the keyboard: the request's heading has the focus; Close gives it back to the list's item.
  await item.focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name: 'Call back: Questions about my estimate' })).toBeFocused();
  await detail.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(detail.getByRole('heading', { name: 'Call back: Questions about my estimate' })).toBeFocused();
  await expect(detail).toContainText('Please call 0412 345 678. Preferred time: Morning.');
  await expect(detail.getByRole('link', { name: member.name })).toHaveAttribute('href', `/admin/user-lookup/${encodeURIComponent(member.id)}`);

  await detail.getByLabel('Assigned to').selectOption({ index: 1 });
  await detail.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved: Assigned, assigned to');

  await detail.getByLabel('Answer (e-mailed to them)').fill('Yes: barley is covered for fire and lightning. I will ring you at 9.');
  await detail.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByRole('status')).toHaveText(`Your answer is e-mailed to ${member.name} and shown in their dashboard.`);
  await expect(detail.getByRole('list').filter({ hasText: 'barley is covered' })).toBeVisible();
  // The answer's e-mail goes out from the job queue, a moment after the page says so.
  await expect.poll(() => outboxMails().some((mail) => mail.includes(member.email) && mail.includes('Re: Call back: Questions about my estimate'))).toBe(true);

  await detail.getByLabel('Status', { exact: true }).selectOption({ label: 'Resolved' });
  await detail.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved: Resolved');

  const memberContext = await signedInContext(browser, baseURL!, member.email);
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/dashboard');
  await memberPage.getByRole('link', { name: 'Ask for help' }).click();
  await expect(memberPage).toHaveURL(/\/dashboard\/help$/);
  const card = memberPage.getByTestId('help-request').filter({ hasText: 'Call back: Questions about my estimate' });
  await expect(card).toContainText('Resolved');
  await expect(card).toContainText('Member support team');
  await expect(card).toContainText('Yes: barley is covered for fire and lightning. I will ring you at 9.');
  await memberContext.close();
});
