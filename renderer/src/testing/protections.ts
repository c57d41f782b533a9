import { type ProtectionView, protectionSchema } from '@shared/contracts/dashboard';

/**
 * A member's application as `GET /api/dashboard/protections` answers it: hail, fire and lightning
 * near Cunderdin for the 2099 season, submitted, with no paddocks unless `fields` give them.
 */
export const protectionView = (fields: Partial<ProtectionView> = {}): ProtectionView =>
  protectionSchema.parse({
    id: 'a1',
    reference: 'APP-2099-00001',
    userId: 'u1',
    status: 'submitted',
    stage: 'submitted',
    coverageType: 'both',
    coverageDescription: 'Hail, Fire & Lightning',
    season: '2099',
    zoneCode: 'CWB',
    farm: { address: 'Cunderdin WA', location: null },
    renewsApplicationId: null,
    submittedAt: '2099-06-01T00:00:00.000Z',
    endsOn: '2100-03-31',
    premiumCents: 1,
    displayedPremiumCents: 1,
    totalPayableCents: 1,
    insuredValueCents: 1,
    coveredAreaHa: 240,
    paddocks: [],
    crops: [],
    ...fields,
  });
