/**
 * The member's farm as it stands: the paddocks they keep (FarmPaddock), or, until they keep their
 * own list, the paddocks of their latest protection (excluded sections left out). Your Farm shows it;
 * soil samples are recorded against its paddock names.
 */
import type { FarmPaddockView } from '@shared/contracts/dashboard';
import type { Database } from '../../db/client';
import { presentFarmPaddock, presentProtectionPaddockAsFarm } from '../../presenters/farm-paddock';
import { listProtections } from '../protection/protections.service';

export async function currentFarm(db: Database, userId: string): Promise<{ source: 'farm' | 'protection' | 'none'; paddocks: FarmPaddockView[] }> {
  const rows = await db.farmPaddock.findMany({ where: { userId }, orderBy: { sortOrder: 'asc' } });
  if (rows.length > 0) return { source: 'farm', paddocks: rows.map(presentFarmPaddock) };
  const latest = (await listProtections(db, userId))[0];
  if (!latest) return { source: 'none', paddocks: [] };
  return { source: 'protection', paddocks: latest.paddocks.filter((p) => !p.isExcluded).map(presentProtectionPaddockAsFarm) };
}
