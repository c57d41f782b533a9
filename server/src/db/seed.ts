import { DEFAULT_CROP_HURDLES, DEFAULT_INSURABLE_CROPS, DEFAULT_VARIETIES } from '@shared/constants';
import { seedPricingModel } from '../modules/pricing/pricing-model.seed';
import { seedCorporateDocuments } from '../modules/public-site/corporate-documents.seed';
import type { Database } from './client';

/**
 * Reference data the quote needs. Idempotent: rows that exist are left as administrators edited
 * them, missing rows are added, so it runs at every start-up.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  for (const [index, name] of DEFAULT_INSURABLE_CROPS.entries()) {
    const crop = await db.insurableCrop.upsert({ where: { name }, create: { name, sortOrder: index }, update: {} });
    for (const variety of DEFAULT_VARIETIES) {
      await db.cropVariety.upsert({ where: { cropId_name: { cropId: crop.id, name: variety } }, create: { cropId: crop.id, name: variety }, update: {} });
    }
  }
  for (const hurdle of DEFAULT_CROP_HURDLES) {
    await db.cropHurdleConfig.upsert({ where: { cropType: hurdle.cropType }, create: hurdle, update: {} });
  }
  // Hurdle options, zones and the rest of the pricing model (docs/pricing.md §5).
  await seedPricingModel(db);
  await seedCorporateDocuments(db);
}
