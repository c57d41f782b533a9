import { randomUUID } from 'node:crypto';
import { COVERAGE_TYPES } from '@shared/constants';
import type { Estimate, PricingCalculateResponse } from '@shared/contracts/pricing';
import type { ProtectionApplication, ProtectionApplicationSummary, ServerPricing } from '@shared/contracts/protection';
import type { QuoteState } from '@shared/contracts/quote';
import { parseStoredQuote } from '@shared/contracts/quote';
import { ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE, resolveSelectedCoverageType } from '@shared/domain/estimates';
import { protectionStatusOf } from '@shared/domain/dashboard/protection';
import { compareHurdles } from '@shared/domain/pricing/hurdle-comparison';
import { hurdlesBelowMinimum, priceQuote, seasonYearOf } from '@shared/domain/pricing/quote-pricing';
import { isPricingError } from '@shared/domain/pricing/types';
import { entryBlockReason } from '@shared/domain/quote/navigation';
import type { AppContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client';
import { AppError, badRequest } from '../../lib/app-error';
import { ValidationError } from '../../lib/validate';
import { buildPricingContext } from '../pricing/pricing-context';
import { pricingErrorToAppError } from '../pricing/pricing-errors';
import { pricingModelCache } from '../pricing/pricing-model.repository';
import { applicationConfirmationEmail } from './mail-templates';

export const DISCLOSURES_REQUIRED_MESSAGE = 'Acknowledge the product disclosure statements before submitting your application.';
export const DISCLOSURE_NOT_ACCEPTED_MESSAGE = (keys: string[]) => `These product disclosure statements are not accepted yet: ${keys.join(', ')}. Accept them before submitting.`;

const json = (value: unknown) => value as Prisma.InputJsonValue;

function isEmptyPayload(body: unknown): boolean {
  return body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);
}

/** The quote as sent (a JSON object or a JSON string), parsed with the shared schema; 400 with every issue otherwise. */
export function parseQuotePayload(body: unknown, emptyMessage: string): QuoteState {
  if (isEmptyPayload(body) || body === '') throw badRequest(emptyMessage, 'payload_required');
  const result = parseStoredQuote(body);
  if (!result.success) throw new ValidationError(result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  const { loading: _loading, errors: _errors, ...quote } = result.data;
  return quote;
}

type ApplicationRow = Prisma.ProtectionApplicationGetPayload<{ include: { paddocks: true; crops: true } }>;
type SummaryRow = Omit<ApplicationRow, 'paddocks' | 'crops'>;

export function presentSummary(row: SummaryRow): ProtectionApplicationSummary {
  return {
    id: row.id,
    userId: row.userId,
    status: protectionStatusOf(row.status),
    coverageType: row.coverageType as ProtectionApplicationSummary['coverageType'],
    zoneCode: row.zoneCode,
    quoteDate: row.quoteDate,
    seasonYear: row.seasonYear,
    premium: row.premium,
    displayedPremium: row.displayedPremium,
    totalPayable: row.totalPayable,
    insuredValue: row.insuredValue,
    coveredArea: row.coveredArea,
    submittedAt: row.submittedAt.toISOString(),
  };
}

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

export function presentApplication(row: ApplicationRow): ProtectionApplication {
  return {
    ...presentSummary(row),
    referrerCode: row.referrerCode,
    modelVersion: row.modelVersion,
    estimate: row.estimate as Estimate,
    pricing: row.pricing as PricingCalculateResponse,
    quoteData: asRecord(row.quoteData),
    acknowledgements: asRecord(row.acknowledgements),
    surveyData: row.surveyData === null ? null : asRecord(row.surveyData),
    paddocks: [...row.paddocks]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map(({ sectionId, name, crop, variety, area, userDefinedArea, expectedYield, pricePerTonne, hurdlePercentage, plantingDate, harvestDate, isExcluded, isGroup, podguardApplied, swathApplied, notes, geometry, priced }) => ({
        sectionId,
        name,
        crop,
        variety,
        area,
        userDefinedArea,
        expectedYield,
        pricePerTonne,
        hurdlePercentage,
        plantingDate,
        harvestDate,
        isExcluded,
        isGroup,
        podguardApplied,
        swathApplied,
        notes,
        geometry: geometry ?? null,
        priced,
      })),
    crops: [...row.crops]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map(({ sectionId, cropType, hectares, expectedYield, pricePerTonne, hurdlePercentage, insuredValue, grossPremium }) => ({
        sectionId,
        cropType,
        hectares,
        expectedYield,
        pricePerTonne,
        hurdlePercentage,
        insuredValue,
        grossPremium,
      })),
  };
}

export function protectionService({ db, logger, mailer }: AppContext) {
  const cache = pricingModelCache(db);

  /** Every coverage type the quote can be priced for, with the server's model and context. */
  async function priceAllCoverages(quote: QuoteState, ownerId: string, now = new Date()): Promise<ServerPricing> {
    const { model } = await cache.get();
    const context = await buildPricingContext(db, { userId: ownerId, referrerCode: quote.personalDetails.referrerCode, now });
    const result: ServerPricing = { modelVersion: model.version, quoteDate: context.quoteDate, pricedAt: now.toISOString(), allocations: [], estimates: {}, pricing: {}, hurdleComparisons: {}, failures: [] };
    for (const coverageType of COVERAGE_TYPES) {
      try {
        const priced = priceQuote(quote, coverageType, model, context);
        result.estimates[coverageType] = priced.estimate;
        result.pricing[coverageType] = priced.pricing;
        result.allocations = priced.request.cropAllocations;
        try {
          result.hurdleComparisons[coverageType] = compareHurdles(priced.request, model, context);
        } catch (error) {
          // SPEC §8: a failed hurdle comparison is logged only.
          logger.warn({ err: error, coverageType }, 'hurdle comparison failed');
        }
      } catch (error) {
        if (!isPricingError(error)) throw error;
        result.failures.push({ coverageType, message: error.message });
      }
    }
    return result;
  }

  return {
    priceAllCoverages,

    /** Re-prices the quote and stores it with the server's estimates as a saved estimate of ownerId. */
    async saveEstimate(quote: QuoteState, ownerId: string) {
      const pricing = await priceAllCoverages(quote, ownerId);
      if (Object.keys(pricing.estimates).length === 0) {
        const first = pricing.failures[0];
        throw new AppError(400, 'estimate_failed', first ? first.message : ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE);
      }
      const id = randomUUID();
      const quoteData: QuoteState = {
        ...quote,
        estimates: { ...pricing.estimates, selectedCoverageType: resolveSelectedCoverageType(quote.estimates.selectedCoverageType, pricing.estimates, true) ?? undefined },
        savedEstimateId: id,
        status: 'saved',
      };
      const row = await db.savedEstimate.create({ data: { id, userId: ownerId, data: json({ quoteData, pricing }) } });
      return { id: row.id, createdAt: row.createdAt.toISOString(), pricing };
    },

    /**
     * POST /api/protection: checks the quote again, re-prices the selected cover with the server's
     * model (the client's figures are ignored), stores the application with its paddocks and crops,
     * and e-mails the member a confirmation. The e-mail failing does not undo the application.
     * submittedById is who sent it: the member, or someone acting for them (their broker, staff).
     */
    async submit(quote: QuoteState, owner: { id: string; email: string; firstName: string }, submittedById: string, now = new Date()): Promise<ProtectionApplication> {
      const blocked = entryBlockReason('final-submission', quote);
      if (blocked) throw badRequest(blocked, 'coverage_not_selected');
      const acknowledgements = quote.personalDetails.disclosureAcknowledgments;
      const keys = Object.keys(acknowledgements);
      if (keys.length === 0) throw badRequest(DISCLOSURES_REQUIRED_MESSAGE, 'disclosures_required');
      const notAccepted = keys.filter((key) => acknowledgements[key]?.accepted !== true);
      if (notAccepted.length > 0) throw badRequest(DISCLOSURE_NOT_ACCEPTED_MESSAGE(notAccepted), 'disclosures_required');

      const snapshot = await cache.get();
      const context = await buildPricingContext(db, { userId: owner.id, referrerCode: quote.personalDetails.referrerCode, now });
      let priced: ReturnType<typeof priceQuote>;
      try {
        priced = priceQuote(quote, quote.estimates.selectedCoverageType, snapshot.model, context);
      } catch (error) {
        throw pricingErrorToAppError(error);
      }
      const belowMinimum = hurdlesBelowMinimum(priced.extraction.allocations, snapshot.hurdleConfigs);
      if (belowMinimum.length > 0) throw badRequest(belowMinimum.join(' '), 'hurdle_below_minimum');

      const survey = await db.fireRiskSurvey.findFirst({ where: { userId: owner.id }, orderBy: { completedAt: 'desc' } });
      const surveyData = survey
        ? { answers: survey.answers, completedAt: survey.completedAt.toISOString(), source: 'survey' }
        : (quote.coverage.fireRiskSurveyData ?? quote.personalDetails.fireRiskSurveyData ?? null);

      const pricedSections = new Map(priced.extraction.sectionIds.map((sectionId, index) => [sectionId, index]));
      const breakdown = priced.pricing.breakdown;
      const storedQuote: QuoteState = { ...quote, estimates: { [priced.coverageType]: priced.estimate, selectedCoverageType: priced.coverageType }, status: 'submitted' };
      const row = await db.protectionApplication.create({
        data: {
          userId: owner.id,
          status: 'submitted',
          coverageType: priced.coverageType,
          zoneCode: priced.pricing.zone.code,
          quoteDate: context.quoteDate,
          seasonYear: seasonYearOf(context.quoteDate),
          referrerCode: priced.request.referrerCode ?? null,
          modelVersion: priced.pricing.modelVersion,
          premium: priced.pricing.premium,
          displayedPremium: priced.estimate.premium,
          totalPayable: priced.estimate.totalPayable,
          insuredValue: priced.pricing.insuredValue,
          coveredArea: priced.extraction.coveredArea,
          estimate: json(priced.estimate),
          pricing: json(priced.pricing),
          quoteData: json(storedQuote),
          acknowledgements: json(acknowledgements),
          surveyData: surveyData === null ? undefined : json(surveyData),
          submittedById,
          paddocks: {
            create: quote.farmData.paddockSections.map((section, sortOrder) => ({
              sectionId: section.id,
              name: section.name,
              crop: section.crop ?? null,
              variety: section.variety ?? null,
              area: section.area,
              userDefinedArea: section.userDefinedArea ?? null,
              expectedYield: section.expectedYield ?? null,
              pricePerTonne: section.pricePerTonne ?? null,
              hurdlePercentage: section.hurdlePercentage ?? null,
              plantingDate: section.plantingDate ?? null,
              harvestDate: section.harvestDate ?? null,
              isExcluded: section.isExcluded,
              isGroup: section.isGroup,
              podguardApplied: section.podguardApplied,
              swathApplied: section.swathApplied,
              notes: section.notes ?? null,
              geometry: section.geometry === undefined ? undefined : json(section.geometry),
              priced: pricedSections.has(section.id),
              sortOrder,
            })),
          },
          crops: {
            create: priced.extraction.allocations.map((allocation, index) => ({
              sectionId: priced.extraction.sectionIds[index] ?? '',
              cropType: allocation.type,
              hectares: allocation.hectares,
              expectedYield: allocation.expectedYield,
              pricePerTonne: allocation.pricePerTonne,
              hurdlePercentage: allocation.hurdlePercentage,
              insuredValue: breakdown[index]?.insuredValue ?? 0,
              grossPremium: breakdown[index]?.grossPremium ?? 0,
              sortOrder: index,
            })),
          },
        },
        include: { paddocks: true, crops: true },
      });
      const application = presentApplication(row);
      try {
        await mailer.send(applicationConfirmationEmail({ to: owner.email, firstName: owner.firstName, application }));
      } catch (error) {
        logger.error({ err: error, applicationId: application.id }, 'application confirmation e-mail failed');
      }
      return application;
    },
  };
}
