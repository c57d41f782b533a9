import { describe, expect, it } from 'vitest';
import { pagedList } from './react-query';

describe('pagedList', () => {
  const rows = { rows: ['page one'] };
  const placeholderFor = (queryKey: readonly unknown[]) => pagedList({ queryKey, queryFn: () => rows }).placeholderData;

  it('keeps the rows on screen while another page of the same search and filters loads', () => {
    expect(placeholderFor(['admin', 'claims', { status: 'open', page: 2 }])(rows, { queryKey: ['admin', 'claims', { status: 'open', page: 1 }] })).toBe(rows);
    expect(placeholderFor(['admin', 'people', 'timeline', 'u1', { kind: '', page: 3 }])(rows, { queryKey: ['admin', 'people', 'timeline', 'u1', { page: 2, kind: '' }] })).toBe(rows);
  });

  it('shows none of the last answer’s rows for a new search, filter or person, or a first load', () => {
    expect(placeholderFor(['admin', 'claims', { status: 'closed', page: 1 }])(rows, { queryKey: ['admin', 'claims', { status: 'open', page: 1 }] })).toBeUndefined();
    expect(placeholderFor(['admin', 'people', 'timeline', 'u2', { page: 1 }])(rows, { queryKey: ['admin', 'people', 'timeline', 'u1', { page: 1 }] })).toBeUndefined();
    expect(placeholderFor(['admin', 'claims', { page: 1 }])(undefined, undefined)).toBeUndefined();
  });
});
