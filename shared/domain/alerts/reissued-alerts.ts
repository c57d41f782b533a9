/**
 * A warning its agency issues again (a CAP Update naming the message before) is one warning to the
 * member, however many times it is re-issued through a storm (docs/alerts.md, 'The member's side').
 */

/** A member's alert as the fold needs it: its event, and the update that replaced that event (null when none did). */
export interface IssuedAlert {
  eventId: string;
  replacedByEventId: string | null;
}

export interface StandingAlert<A extends IssuedAlert> {
  alert: A;
  /** The member's alerts for the issues this one replaced, in the order given (newest first when the alerts came so). */
  earlier: A[];
}

/**
 * Each of a member's alerts whose event an update replaced folds into their alert for that update,
 * when they have one; the rest stand, in the order given. An update whose area no longer covers the
 * member's paddocks leaves their alert for the issue before standing, as replaced (the member is
 * then e-mailed again should a later issue cover them once more, as the update names only the
 * message it replaces).
 */
export function foldReissuedAlerts<A extends IssuedAlert>(alerts: readonly A[]): Array<StandingAlert<A>> {
  const byEvent = new Map(alerts.map((alert) => [alert.eventId, alert]));
  const standingOf = (alert: A): A => {
    let current = alert;
    const seen = new Set<string>([current.eventId]);
    for (;;) {
      const next = current.replacedByEventId === null ? undefined : byEvent.get(current.replacedByEventId);
      // A cycle cannot be stored (an update replaces only events stored before it), but a fold must end.
      if (!next || seen.has(next.eventId)) return current;
      seen.add(next.eventId);
      current = next;
    }
  };
  const standing = new Map<A, A[]>();
  const folded: Array<[A, A]> = [];
  for (const alert of alerts) {
    const head = standingOf(alert);
    if (head === alert) standing.set(alert, []);
    else folded.push([head, alert]);
  }
  for (const [head, alert] of folded) standing.get(head)!.push(alert);
  return [...standing].map(([alert, earlier]) => ({ alert, earlier }));
}

/** An issue of a warning as a claim reads it: when it took effect and the member's paddocks under it. */
interface Issue<P extends { applicationId: string; paddockId: string }> {
  effectiveAt: string;
  paddocks: readonly P[];
}

/**
 * A re-issued warning as a claim starts from it: from its first issue's time (the storm began then),
 * over every paddock any of its issues covered, the newest issue's figures first.
 */
export function wholeWarning<P extends { applicationId: string; paddockId: string }, W extends Issue<P> & { earlierIssues: ReadonlyArray<Issue<P>> }>(warning: W): W {
  const issues = [warning, ...warning.earlierIssues];
  const seen = new Set<string>();
  const paddocks = issues
    .flatMap((issue) => issue.paddocks)
    .filter((paddock) => {
      const key = `${paddock.applicationId}\u0000${paddock.paddockId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const effectiveAt = issues.map((issue) => issue.effectiveAt).reduce((first, at) => (Date.parse(at) < Date.parse(first) ? at : first));
  return { ...warning, effectiveAt, paddocks };
}
