import { describe, expect, it } from 'vitest';
import { incidentIssueId, incidentOfIssue, issuesNoLongerListed } from './incident-feed';

const fire = 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/394701';
const other = 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/394744';
const issueOf = (incident: string, at: string) => ({ externalId: incidentIssueId(incident, at) });

describe('the incidents a feed lists', () => {
  it('names the incident of an issue, and none for a warning’s own id', () => {
    expect(incidentOfIssue(incidentIssueId(fire, '2026-12-05T09:00:00+08:00'))).toBe(fire);
    expect(incidentOfIssue('urn:oid:2.49.0.1.36.0.IDW21037.20261114072000')).toBeNull();
    expect(incidentOfIssue('|2026-12-05T09:00:00+08:00')).toBeNull();
  });

  it('finds the standing issues whose incident the poll no longer lists, whatever issue of it the poll holds', () => {
    const standing = [
      { id: 'a', ...issueOf(fire, '2026-12-05T09:00:00+08:00') },
      { id: 'b', ...issueOf(other, '2026-12-05T08:00:00+08:00') },
      { id: 'cap', externalId: 'urn:oid:2.49.0.1.36.0.IDW21037.1' },
    ];
    // The fire published again (a later issue) is still listed; the other incident is gone; a CAP warning is no incident of the feed.
    expect(issuesNoLongerListed(standing, [issueOf(fire, '2026-12-05T10:00:00+08:00')]).map(({ id }) => id)).toEqual(['b']);
    expect(issuesNoLongerListed(standing, []).map(({ id }) => id)).toEqual(['a', 'b']);
  });
});
