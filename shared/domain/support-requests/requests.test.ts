import { expect, it } from 'vitest';
import { answersTheRequest, nextStatus, statusAfterMemberMessage, statusAfterStaffReply } from './requests';

it('assigns a new request when someone is given it, and makes it new again when they are taken off', () => {
  expect(nextStatus('new', { assigneeId: 'staff-1' })).toBe('assigned');
  expect(nextStatus('assigned', { assigneeId: null })).toBe('new');
  expect(nextStatus('in_progress', { assigneeId: null })).toBe('in_progress');
  expect(nextStatus('new', { status: 'in_progress', assigneeId: 'staff-1' })).toBe('in_progress');
});

it('refuses an assigned request without anyone, and a new one with someone', () => {
  expect(nextStatus('new', { status: 'assigned', assigneeId: null })).toEqual({ error: 'Choose who the request is assigned to.' });
  expect(nextStatus('assigned', { status: 'new', assigneeId: 'staff-1' })).toMatchObject({ error: expect.stringContaining('no assignee') });
});

it('puts an answered request with the member, and brings it back when the member writes again', () => {
  expect(statusAfterStaffReply(false)).toBe('waiting_on_member');
  expect(statusAfterStaffReply(true)).toBe('resolved');
  expect(statusAfterMemberMessage('waiting_on_member')).toBe('in_progress');
  expect(statusAfterMemberMessage('assigned')).toBe('assigned');
  expect(answersTheRequest('waiting_on_member')).toBe(true);
  expect(answersTheRequest('in_progress')).toBe(false);
});
