import type { CreateDraftBody } from '../../contracts/drafts';
import { emptyQuoteState, type FarmLocation, paddockSectionSchema } from '../../contracts/quote';
import { paddockOutlineSchema } from '../../contracts/pricing';
import { draftDataHash, draftQuoteData } from '../quote/draft';

/**
 * Next season's quote, started from the paddocks a member keeps (Your Farm) or protected this
 * season: a new draft whose farm map already holds every paddock with its boundary, area and last
 * crop, yield, price and hurdle, for the member to change what is sown where and price again.
 */
export interface CarriedPaddock {
  id: string;
  name: string;
  areaHa: number;
  crop: string | null;
  variety?: string | null;
  expectedYield: number | null;
  pricePerTonne: number | null;
  hurdlePercentage: number | null;
  geometry: unknown;
}

/** The kept outline when it is one by the rule a quote's paddock is held to; a paddock without one comes by its area. */
const outline = (geometry: unknown) => {
  const parsed = paddockOutlineSchema.safeParse(geometry);
  return parsed.success ? parsed.data : undefined;
};

/** The farm a next season's quote starts from: its zone, and where it is as last season's quote gave it. */
export interface CarriedFarm {
  zone: string | undefined;
  address?: string;
  location?: FarmLocation | null;
}

/** `renews`: the protection this quote renews, when it starts from one (a renewal rather than Your Farm's list). */
export function nextSeasonDraft(draftId: string, userId: string, paddocks: readonly CarriedPaddock[], farm: CarriedFarm, renews?: string): CreateDraftBody {
  const quote = emptyQuoteState();
  if (renews) quote.renewsApplicationId = renews;
  quote.farmData.zone = farm.zone;
  if (farm.address) quote.farmData.address = farm.address;
  if (farm.location) quote.farmData.farmLocation = farm.location;
  quote.farmData.paddockSections = paddocks.map((paddock) => {
    const geometry = outline(paddock.geometry);
    return paddockSectionSchema.parse({
      id: paddock.id,
      name: paddock.name,
      area: geometry ? paddock.areaHa : 0,
      userDefinedArea: geometry ? undefined : paddock.areaHa,
      geometry,
      crop: paddock.crop ?? undefined,
      variety: paddock.variety ?? undefined,
      expectedYield: paddock.expectedYield ?? undefined,
      pricePerTonne: paddock.pricePerTonne ?? undefined,
      hurdlePercentage: paddock.hurdlePercentage ?? undefined,
    });
  });
  // The wizard prices by crop: each crop's yield, price and hurdle as its first paddock carried them.
  for (const paddock of paddocks) {
    if (!paddock.crop || paddock.crop in quote.cropDetails.byCrop || paddock.expectedYield === null || paddock.pricePerTonne === null) continue;
    quote.cropDetails.byCrop[paddock.crop] = { expectedYield: paddock.expectedYield, pricePerTonne: paddock.pricePerTonne, hurdlePercentage: paddock.hurdlePercentage ?? undefined };
  }
  quote.farmData.hectares = Math.round(paddocks.reduce((sum, p) => sum + p.areaHa, 0) * 100) / 100;
  quote.lastModified = new Date().toISOString();
  const data = draftQuoteData(quote);
  return { id: draftId, userId, step: 'protection-calculator', data, status: 'DRAFT', dataHash: draftDataHash(data) } as CreateDraftBody;
}
