/**
 * A paddock of the member's farm as the dashboard shows it (FarmPaddockView): the member's own list
 * (FarmPaddock), or, until they keep one, a paddock of their latest protection. Areas are hectares
 * (…Ha); pricePerTonne is dollars per tonne as the member entered it in the quote.
 */
import type { FarmPaddockView, ProtectionPaddockView } from '@shared/contracts/dashboard';
import type { Database } from '../db/client';

type FarmPaddockRow = Awaited<ReturnType<Database['farmPaddock']['findMany']>>[number];

export function presentFarmPaddock({ id, name, crop, variety, areaHa, expectedYield, pricePerTonne, hurdlePercentage, geometry, notes }: FarmPaddockRow): FarmPaddockView {
  return { id, name, crop, variety, areaHa, expectedYield, pricePerTonne, hurdlePercentage, geometry: geometry ?? null, notes };
}

export function presentProtectionPaddockAsFarm({ id, name, crop, variety, areaHa, expectedYield, pricePerTonne, hurdlePercentage, geometry }: ProtectionPaddockView): FarmPaddockView {
  return { id, name, crop, variety, areaHa, expectedYield, pricePerTonne, hurdlePercentage, geometry, notes: null };
}
