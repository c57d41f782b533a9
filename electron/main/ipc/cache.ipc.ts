import { desktopMemberSearchSchema, desktopMemberSyncSchema } from '../../../shared/contracts/desktop';
import type { MemberCache } from '../services/member-cache';

/** The member cache's IPC handlers: every input from the renderer is parsed before it is used. */
export function createCacheHandlers(cache: Pick<MemberCache, 'upsertMany' | 'search' | 'status'>) {
  return {
    syncMembers: (records: unknown) => cache.upsertMany(desktopMemberSyncSchema.parse(records)),
    searchMembers: (query: unknown) => cache.search(desktopMemberSearchSchema.parse(query)),
    status: () => cache.status(),
  };
}
