import { describe, expect, it } from 'vitest';
import { foldReissuedAlerts, wholeWarning } from './reissued-alerts';

const alert = (eventId: string, replacedByEventId: string | null = null) => ({ id: `match-${eventId}`, eventId, replacedByEventId });
const folded = (alerts: ReturnType<typeof alert>[]) => foldReissuedAlerts(alerts).map(({ alert, earlier }) => [alert.eventId, earlier.map((issue) => issue.eventId)]);

describe('a warning issued again', () => {
  it('is one alert: the newest issue, with the issues before it, newest first', () => {
    expect(folded([alert('third'), alert('second', 'third'), alert('first', 'second')])).toEqual([['third', ['second', 'first']]]);
  });

  it('leaves other warnings standing, in the order given', () => {
    expect(folded([alert('fire'), alert('update'), alert('storm', 'update'), alert('old hail')])).toEqual([
      ['fire', []],
      ['update', ['storm']],
      ['old hail', []],
    ]);
  });

  it('leaves an alert standing when the update that replaced it did not cover the member: it moved off their paddocks', () => {
    // The member was under the first and the third issue, not the second: two alerts, the first replaced.
    expect(folded([alert('third'), alert('first', 'second')])).toEqual([
      ['third', []],
      ['first', []],
    ]);
  });

  it('folds an issue into the newest the member has even when it came after it in the list', () => {
    expect(folded([alert('first', 'second'), alert('second')])).toEqual([['second', ['first']]]);
  });
});

describe('a re-issued warning as a claim starts from it', () => {
  const paddock = (paddockId: string, share: number) => ({ applicationId: 'app-1', paddockId, share });
  it('runs from its first issue, over every paddock any issue covered, the newest issue’s figures first', () => {
    const warning = {
      id: 'newest',
      effectiveAt: '2026-12-04T09:30:00.000Z',
      paddocks: [paddock('creek-flat', 0.9), paddock('top-road', 0.2)],
      earlierIssues: [
        { effectiveAt: '2026-12-04T08:30:00.000Z', paddocks: [paddock('creek-flat', 0.4)] },
        { effectiveAt: '2026-12-04T07:30:00.000Z', paddocks: [paddock('home', 1), paddock('creek-flat', 0.1)] },
      ],
    };
    expect(wholeWarning(warning)).toEqual({ ...warning, effectiveAt: '2026-12-04T07:30:00.000Z', paddocks: [paddock('creek-flat', 0.9), paddock('top-road', 0.2), paddock('home', 1)] });
  });
});
