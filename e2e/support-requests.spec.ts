import { expect, test } from './support/fixtures';
import { registerMember, signedInContext, signInThroughPage } from './support/accounts';
import { outboxMails } from './support/outbox';
import { shootAtWidths } from './support/screenshots';

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

test('a member asks for help from the dashboard, staff find it in their queue, and the member writes again under it', async ({ page, browser, baseURL, request, administrator }) => {
  const member = await registerMember(request, baseURL!, 'Hamish', 'Askshelp');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('E-mail address').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Ask for help' }).click();

  await page.getByLabel('What is it about?').selectOption({ label: 'Invoices and payments' });
  await page.getByLabel('Subject').fill('Instalments for the barley paddocks');
  await page.getByLabel('How can we help?').fill('Can I pay the barley paddocks in three instalments <b>and</b> the canola at once?');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('status')).toHaveText('Thanks: your request is with our team. We will answer by e-mail and below within one business day.');
  const card = page.getByTestId('help-request').filter({ hasText: 'Instalments for the barley paddocks' });
  await expect(card).toContainText('Received');
  await expect(card).toContainText('Ask for help');
  // What the member typed is shown as they typed it, markup and all.
  await expect(card).toContainText('three instalments <b>and</b> the canola');
  await shootAtWidths(page, 'support-requests', 'help-asked');

  await card.getByLabel('Write to the support team').fill('Also: the canola invoice has the wrong paddock name.');
  await card.getByRole('button', { name: 'Send message' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: 'the canola invoice has the wrong paddock name' })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInThroughPage(staff, '/admin/support-requests', administrator);
  await staff.getByLabel('Name, e-mail or subject').fill(member.email);
  await staff.getByRole('button', { name: 'Search' }).click();
  const item = staff.getByRole('list', { name: /Support requests/ }).getByRole('button', { name: /Instalments for the barley paddocks/ });
  await expect(item).toContainText('New');
  await item.click();
  const detail = staff.getByRole('article');
  await expect(detail).toContainText('three instalments <b>and</b> the canola');
  await expect(detail).toContainText('Also: the canola invoice has the wrong paddock name.');
  // A note for staff stays with staff.
  await detail.getByLabel('Internal note (staff only)').fill('Finance to check the canola invoice before we answer.');
  await detail.getByRole('button', { name: 'Add note' }).click();
  await expect(staff.getByRole('status')).toHaveText('Note added.');
  await expect(detail.getByRole('listitem').filter({ hasText: 'Finance to check the canola invoice before we answer.' })).toBeVisible();
  await staffContext.close();

  await page.reload();
  await expect(card).toContainText('the canola invoice has the wrong paddock name');
  await expect(page.getByText('Finance to check the canola invoice')).toHaveCount(0);
});

test('a message sent signed out with a member’s address is shown as a visitor’s until staff, told it is theirs, link it; then the member sees it', async ({ page, browser, baseURL, request, administrator }) => {
  const member = await registerMember(request, baseURL!, 'Vera', 'Visitor');
  // From the home page, not signed in (anyone can type any address into the form).
  await page.goto('/');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  const contact = page.getByTestId('contact-form');
  await contact.getByLabel('Name').fill('Vera V');
  await contact.getByLabel('Email').fill(member.email);
  await contact.getByLabel('Message').fill('Is the hail cover for lupins the same as for wheat?');
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(contact.getByText('Message Sent!').first()).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInThroughPage(staff, '/admin/support-requests', administrator);
  await staff.getByLabel('Name, e-mail or subject').fill(member.email);
  await staff.getByRole('button', { name: 'Search' }).click();
  await staff
    .getByRole('list', { name: /Support requests/ })
    .getByRole('button', { name: /Contact message/ })
    .click();
  const detail = staff.getByRole('article');
  await expect(detail).toContainText(`From a visitor: ${member.email}`);
  await expect(detail.getByRole('link', { name: member.name })).toHaveCount(0);
  const link = detail.getByRole('form', { name: 'Link to the account with this address' });
  await link.getByRole('button', { name: 'Link to the account with this address' }).click();
  await expect(link.getByText('Confirm with the person that the message is theirs before you link it to their account.')).toBeVisible();
  await shootAtWidths(staff, 'support-requests', 'link-refused');
  await link.getByLabel('The person has confirmed this message is theirs').check();
  await link.getByRole('button', { name: 'Link to the account with this address' }).click();
  await expect(detail.getByRole('link', { name: member.name })).toHaveAttribute('href', `/admin/user-lookup/${encodeURIComponent(member.id)}`);
  await staffContext.close();

  const memberContext = await signedInContext(browser, baseURL!, member.email);
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/dashboard');
  await memberPage.getByRole('link', { name: 'Ask for help' }).click();
  await expect(memberPage.getByTestId('help-request').filter({ hasText: 'Is the hail cover for lupins the same as for wheat?' })).toContainText('Contact message');
  await memberContext.close();
});
