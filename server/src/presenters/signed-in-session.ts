import type { SignedInSession } from '@shared/contracts/dashboard';

/** A session as the member sees it: never its store id, with which a page could replay it. */
export const presentSession = ({ id, current, signedInAt, lastActiveAt, expiresAt }: SignedInSession & { sid: string }): SignedInSession => ({ id, current, signedInAt, lastActiveAt, expiresAt });
