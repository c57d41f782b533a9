/**
 * Whose records a dashboard query reads. Every key starts with the signed-in viewer, so a cache
 * filled for one account is never shown to the next one on the same computer, then the member a
 * broker (or staff) is looking at, 'self' for the viewer's own records.
 */
export interface RecordScope {
  viewerId: string;
  /** The client a broker is looking at; absent for the viewer's own records. */
  memberId: string | undefined;
}

export const viewerKey = (viewerId: string) => ['dashboard', viewerId] as const;
export const scopeKey = ({ viewerId, memberId }: RecordScope) => [...viewerKey(viewerId), memberId ?? 'self'] as const;
