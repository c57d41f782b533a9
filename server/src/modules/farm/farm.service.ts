/** Your Farm's command: the member's paddocks saved as a whole. */
import type { z } from 'zod';
import type { farmPaddocksInputSchema } from '@shared/contracts/dashboard';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { compactGeometry } from '@shared/domain/geo/compact-geometry';
import { farmCornersProblem } from '@shared/domain/geo/farm-boundaries';

type FarmPaddocks = z.infer<typeof farmPaddocksInputSchema>['paddocks'];

/**
 * Replaces the member's whole list of paddocks, in their order, at once; two paddocks of one name
 * (any case), and more corners than next season's quote keeps, are refused.
 */
export async function saveFarm(db: Database, memberId: string, paddocks: FarmPaddocks): Promise<void> {
  const names = new Set<string>();
  for (const paddock of paddocks) {
    const key = paddock.name.toLowerCase();
    if (names.has(key)) throw badRequest(`Two paddocks are named “${paddock.name}”; give each its own name.`, 'duplicate_paddock_name');
    names.add(key);
  }
  const cornersProblem = farmCornersProblem(paddocks);
  if (cornersProblem) throw badRequest(cornersProblem, 'too_many_corners');
  await db.$transaction([
    db.farmPaddock.deleteMany({ where: { userId: memberId } }),
    db.farmPaddock.createMany({
      // Kept as the quote keeps outlines: 6 decimals, no height, no repeated corner.
      data: paddocks.map(({ id: _id, geometry, ...paddock }, sortOrder) => ({ ...paddock, geometry: geometry ? (compactGeometry(geometry) as object) : undefined, userId: memberId, sortOrder })),
    }),
  ]);
}
