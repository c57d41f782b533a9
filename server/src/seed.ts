import { DEFAULT_CROP_HURDLES, DEFAULT_INSURABLE_CROPS, DEFAULT_VARIETIES } from '@shared/constants';
import { seedPricingModel } from './modules/pricing/pricing-model.seed';
import { seedCorporateDocuments } from './modules/public-site/corporate-documents.seed';
import type { Database } from './db/client';
import { addMissingRows } from './db/seed-rows';

/**
 * Reference data the quote needs. Idempotent: rows that exist are left as administrators edited
 * them, missing rows are added, so it runs at every start-up (a read per table when nothing is missing).
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await addMissingRows({
    rows: DEFAULT_INSURABLE_CROPS.map((name, sortOrder) => ({ name, sortOrder })),
    keyOf: (crop) => crop.name,
    existingKeys: async () => (await db.insurableCrop.findMany({ select: { name: true } })).map((crop) => crop.name),
    create: (crops) => db.insurableCrop.createMany({ data: crops }),
  });
  const seededCrops = await db.insurableCrop.findMany({ where: { name: { in: [...DEFAULT_INSURABLE_CROPS] } }, select: { id: true } });
  await addMissingRows({
    rows: seededCrops.flatMap((crop) => DEFAULT_VARIETIES.map((name) => ({ cropId: crop.id, name }))),
    keyOf: (variety) => `${variety.cropId}|${variety.name}`,
    existingKeys: async () => (await db.cropVariety.findMany({ select: { cropId: true, name: true } })).map((variety) => `${variety.cropId}|${variety.name}`),
    create: (varieties) => db.cropVariety.createMany({ data: varieties }),
  });
  await addMissingRows({
    rows: DEFAULT_CROP_HURDLES,
    keyOf: (hurdle) => hurdle.cropType,
    existingKeys: async () => (await db.cropHurdleConfig.findMany({ select: { cropType: true } })).map((hurdle) => hurdle.cropType),
    create: (hurdles) => db.cropHurdleConfig.createMany({ data: hurdles }),
  });
  // Hurdle options, zones and the rest of the pricing model (docs/pricing.md §5).
  await seedPricingModel(db);
  await seedCorporateDocuments(db);
}
