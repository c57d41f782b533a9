import { renewedProtectionOf } from '../seasons/member-renewal.service';
import { randomUUID } from 'node:crypto';
import { COVERAGE_TYPES } from '@shared/constants';
import type { ProtectionApplication, ServerPricing } from '@shared/contracts/protection';
import type { QuoteState } from '@shared/contracts/quote';
import { decodeQuoteData, quoteStateSchema } from '@shared/contracts/quote';
import { quotePaddockAreaProblem } from '@shared/domain/geo/paddock-area';
import { ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE, resolveSelectedCoverageType } from '@shared/domain/estimates';
import { compareHurdles } from '@shared/domain/pricing/hurdle-comparison';
import { hurdlesBelowMinimum, type PricedQuote, priceQuote } from '@shared/domain/pricing/quote-pricing';
import { isPaddockPlaceError, isPricingError } from '@shared/domain/pricing/types';
import { DISCLOSURE_ACKNOWLEDGEMENTS, DISCLOSURES_REQUIRED_MESSAGE, disclosuresNotAcceptedMessage, missingDisclosures } from '@shared/domain/quote/disclosures';
import { entryBlockReason } from '@shared/domain/quote/navigation';
import type { AppContext } from '../../context';
import type { Prisma } from '../../generated/prisma/client';
import type { Database } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { storableInput, validationErrorOf } from '../../lib/validate';
import { appliedDiscountRows } from '../discounts/applied-discounts';
import { placeNear } from '../pricing/place-names';
import { memberPricingTerms } from '../pricing/pricing-context';
import { pricingErrorToAppError } from '../pricing/pricing-errors';
import { pricingModelCache } from '../pricing/pricing-model.repository';
import { storableQuoteData } from '../quotes/drafts.service';
import { isUniqueViolation, withSequentialNumber } from '../../lib/sequential-number';
import { farmColumns, paddockBoxColumns, presentApplication } from '../../presenters/protection';
import { staffRecordsBeside } from '../staff-records/staff-records.service';
import { applicationConfirmationEmail } from './mail-templates';

const json = (value: unknown) => value as Prisma.InputJsonValue;

function isEmptyPayload(body: unknown): boolean {
  return body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0);
}

export const ESTIMATE_NOT_FOUND_MESSAGE = 'Estimate not found.';

/** A saved estimate by id, or the 404 that says there is none (the caller then checks who may see it). */
export async function findSavedEstimate(db: Database, id: string) {
  const row = await db.savedEstimate.findUnique({ where: { id } });
  if (!row) throw notFound(ESTIMATE_NOT_FOUND_MESSAGE);
  return row;
}

/** The quote as sent (a JSON object or a JSON string), parsed with the shared schema; 400 with every issue otherwise. */
export function parseQuotePayload(body: unknown, emptyMessage: string): QuoteState {
  if (isEmptyPayload(body) || body === '') throw badRequest(emptyMessage, 'payload_required');
  // Made storable first, so that nothing nested past reason reaches the quote's own readers; and
  // again once read, for a quote sent as JSON text, whose escapes are characters only then.
  const result = quoteStateSchema.safeParse(decodeQuoteData(storableInput(body)));
  if (!result.success) throw validationErrorOf(result.error);
  const { loading: _loading, errors: _errors, ...quote } = storableInput(result.data);
  return storableQuoteData(quote);
}

export function protectionService(appContext: AppContext) {
  const { db, logger, mailer } = appContext;
  const cache = pricingModelCache(db);

  async function findByKey(userId: string, idempotencyKey: string): Promise<ProtectionApplication | null> {
    const row = await db.protectionApplication.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey } }, include: { paddocks: true, crops: true } });
    return row ? presentApplication(row) : null;
  }

  /**
   * The quote as the server prices it: with the member's own referrer code, never one the quote
   * carries. The zones are decided by priceQuote, from where the paddocks and the farm are. A
   * paddock larger than one can be (typed or drawn) is refused first, as the wizard refuses it.
   */
  async function onServerTerms(quote: QuoteState, ownerId: string, now: Date) {
    const tooLarge = quotePaddockAreaProblem(quote.farmData.paddockSections);
    if (tooLarge !== null) throw badRequest(tooLarge, 'paddock_too_large');
    const snapshot = await cache.get();
    const { context, referrerCode, season } = await memberPricingTerms(db, { userId: ownerId, now });
    const { referrerCode: _sentReferrerCode, ...personalDetails } = quote.personalDetails;
    const priced: QuoteState = { ...quote, personalDetails: referrerCode === null ? personalDetails : { ...personalDetails, referrerCode } };
    // A member's terms always carry the season open on the quote date.
    return { snapshot, context, quote: priced, season: season! };
  }

  /** The quote with the farm's zone as the server decided it (the one its pricing used). */
  const inFarmZone = (quote: QuoteState, priced: PricedQuote): QuoteState => ({ ...quote, farmData: { ...quote.farmData, zone: priced.request.zone } });

  /** Every coverage type the quote can be priced for, with the server's model and context. */
  async function priceAllCoverages(sent: QuoteState, ownerId: string, now = new Date()): Promise<{ quote: QuoteState; pricing: ServerPricing }> {
    const terms = await onServerTerms(sent, ownerId, now);
    const { snapshot, context } = terms;
    let { quote } = terms;
    const { model } = snapshot;
    const result: ServerPricing = { modelVersion: model.version, quoteDate: context.quoteDate, pricedAt: now.toISOString(), allocations: [], estimates: {}, pricing: {}, hurdleComparisons: {}, failures: [] };
    for (const coverageType of COVERAGE_TYPES) {
      try {
        const priced = priceQuote(quote, coverageType, model, context, snapshot.zones, placeNear);
        quote = inFarmZone(quote, priced);
        result.estimates[coverageType] = priced.estimate;
        result.pricing[coverageType] = priced.pricing;
        result.allocations = priced.request.cropAllocations;
        try {
          result.hurdleComparisons[coverageType] = compareHurdles(priced.request, model, context);
        } catch (error) {
          // docs/behaviour.md §8: a failed hurdle comparison is logged only.
          logger.warn({ err: error, coverageType }, 'hurdle comparison failed');
        }
      } catch (error) {
        if (!isPricingError(error)) throw error;
        // Where the paddocks are is the same question for every cover: answered once, as a refusal.
        if (isPaddockPlaceError(error)) throw pricingErrorToAppError(error);
        result.failures.push({ coverageType, message: error.message });
      }
    }
    return { quote, pricing: result };
  }

  return {
    priceAllCoverages,

    /** Re-prices the quote and stores it with the server's estimates as a saved estimate of ownerId. */
    async saveEstimate(sent: QuoteState, ownerId: string) {
      const { quote, pricing } = await priceAllCoverages(sent, ownerId);
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
     * The idempotency key is unique per member in the database, so a repeat (even one racing the
     * first) stores nothing and answers the application the key first made (`replayed`).
     */
    async submit(
      sent: QuoteState,
      owner: { id: string; email: string; firstName: string },
      submittedById: string,
      idempotencyKey: string,
      now = new Date(),
    ): Promise<{ application: ProtectionApplication; replayed: boolean }> {
      const earlier = await findByKey(owner.id, idempotencyKey);
      if (earlier) return { application: earlier, replayed: true };

      const blocked = entryBlockReason('final-submission', sent);
      if (blocked) throw badRequest(blocked, 'coverage_not_selected');
      const missing = missingDisclosures(sent.personalDetails.disclosureAcknowledgments);
      if (missing.length === DISCLOSURE_ACKNOWLEDGEMENTS.length) throw badRequest(DISCLOSURES_REQUIRED_MESSAGE, 'disclosures_required');
      if (missing.length > 0) throw badRequest(disclosuresNotAcceptedMessage(missing.map((item) => item.text)), 'disclosures_required');
      // What was acknowledged, and when as the server saw it: a time the client sends is not evidence.
      const acknowledgedAt = now.toISOString();
      const acknowledgements = Object.fromEntries(DISCLOSURE_ACKNOWLEDGEMENTS.map(({ key, text }) => [key, { accepted: true, acknowledgedAt, text }]));

      const terms = await onServerTerms(sent, owner.id, now);
      const { snapshot, context, season } = terms;
      const renewsApplicationId = await renewedProtectionOf(db, owner.id, sent.renewsApplicationId, season.year);
      let priced: PricedQuote;
      try {
        priced = priceQuote(terms.quote, terms.quote.estimates.selectedCoverageType, snapshot.model, context, snapshot.zones, placeNear);
      } catch (error) {
        throw pricingErrorToAppError(error);
      }
      const quote: QuoteState = {
        ...inFarmZone(terms.quote, priced),
        personalDetails: {
          ...terms.quote.personalDetails,
          disclosureAcknowledgments: Object.fromEntries(DISCLOSURE_ACKNOWLEDGEMENTS.map(({ key }) => [key, { accepted: true, acknowledgedAt }])),
        },
      };
      const belowMinimum = hurdlesBelowMinimum(priced.extraction.allocations, snapshot.hurdleConfigs);
      if (belowMinimum.length > 0) throw badRequest(belowMinimum.join(' '), 'hurdle_below_minimum');

      // The survey the member answered, as kept: the quote's copy of it is the browser's word only.
      const survey = await db.fireRiskSurvey.findFirst({ where: { userId: owner.id }, orderBy: { completedAt: 'desc' } });
      const surveyData = survey ? { answers: survey.answers, completedAt: survey.completedAt.toISOString(), source: 'survey' } : null;

      const pricedSections = new Map(priced.extraction.sectionIds.map((sectionId, index) => [sectionId, index]));
      const breakdown = priced.pricing.breakdown;
      const storedQuote: QuoteState = { ...quote, estimates: { [priced.coverageType]: priced.estimate, selectedCoverageType: priced.coverageType }, status: 'submitted' };
      const create = {
        data: {
          userId: owner.id,
          status: 'submitted',
          coverageType: priced.coverageType,
          zoneCode: priced.pricing.zone.code,
          quoteDate: context.quoteDate,
          seasonYear: season.year,
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
          ...farmColumns(quote.farmData),
          postalAddress: quote.personalDetails.address,
          acknowledgements: json(acknowledgements),
          surveyData: surveyData === null ? undefined : json(surveyData),
          submittedById,
          idempotencyKey,
          renewsApplicationId,
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
              ...paddockBoxColumns(section.geometry),
              priced: pricedSections.has(section.id),
              sortOrder,
            })),
          },
          appliedDiscounts: { create: appliedDiscountRows(priced.pricing) },
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
              zoneCode: breakdown[index]?.zoneCode ?? null,
              sortOrder: index,
            })),
          },
        },
        include: { paddocks: true, crops: true },
      } satisfies Prisma.ProtectionApplicationCreateArgs;
      const staffRecords = staffRecordsBeside(appContext);
      let stored: { row: Prisma.ProtectionApplicationGetPayload<{ include: { paddocks: true; crops: true } }>; emailId: string };
      const seasonPrefix = `APP-${create.data.seasonYear}`;
      try {
        // Numbered per season like claims; a race for a number tries the next (and a repeated key finds its winner below).
        // The application and its confirmation e-mail are written together: a mail outage delays the e-mail, never loses it.
        stored = await withSequentialNumber(
          () => db.protectionApplication.count({ where: { reference: { startsWith: `${seasonPrefix}-` } } }),
          seasonPrefix,
          'reference',
          (reference) =>
            db.$transaction(async (tx) => {
              const row = await tx.protectionApplication.create({ ...create, data: { ...create.data, reference } });
              // The person's lead, if they have one, becomes won.
              await staffRecords.keep(tx, { kind: 'application', id: row.id });
              const confirmation = applicationConfirmationEmail({ to: owner.email, firstName: owner.firstName, application: presentApplication(row), reference });
              return { row, emailId: await mailer.send(confirmation, { writer: tx, key: `application-confirmation:${row.id}` }) };
            }),
        );
      } catch (error) {
        // The same key racing this request won: answer its application.
        const winner = isUniqueViolation(error) ? await findByKey(owner.id, idempotencyKey) : null;
        if (winner) return { application: winner, replayed: true };
        throw error;
      }
      await mailer.dispatch(stored.emailId);
      const { row } = stored;
      const application = presentApplication(row);
      await staffRecords.record();
      return { application, replayed: false };
    },
  };
}
