import type {
  AreaLimitInput,
  CalculatorFiguresInput,
  CalculatorSettingsResponse,
  DiscountFactorInput,
  HurdleConfigInput,
  HurdleOptionInput,
  InsurableCropInput,
  NewCropInput,
  NewHurdleOptionInput,
} from '@shared/contracts/calculator-settings';
import { hurdleConfigProblem } from '@shared/domain/calculator-settings/hurdle-configs';
import { nextModelVersion, pricingModelProblem } from '@shared/domain/pricing/model-edit';
import type { Database, DatabaseWriter } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import { isUniqueViolation } from '../../lib/sequential-number';
import { PRICING_SETTINGS_ID, pricingModelCache, readPricingModel } from '../pricing/pricing-model.repository';

type StoredModel = Awaited<ReturnType<typeof readPricingModel>>['candidate'];

interface Change {
  /** What was changed, for the audit log: 'hurdleConfig', 'hurdleOption', … */
  change: string;
  target: Record<string, unknown>;
  before: unknown;
  after: unknown;
  write: (tx: DatabaseWriter) => Promise<unknown>;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'limit';

/**
 * The commands of /admin/calculator-settings. Each change is checked (against the whole pricing
 * model with pricingModelSchema where it is part of it, and hurdle configs against the hurdle
 * options), written in one transaction with a new model version (PricingSettings.version) and its
 * audit entry, and the pricing cache is dropped so the next quote uses it. Submitted applications
 * keep the premium stored with them.
 */
export function calculatorSettingsService(db: Database) {
  const cache = pricingModelCache(db);

  async function current(): Promise<CalculatorSettingsResponse> {
    const [{ candidate }, hurdleConfigs, hurdleOptions, crops] = await Promise.all([
      readPricingModel(db),
      db.cropHurdleConfig.findMany({ orderBy: { cropType: 'asc' } }),
      db.hurdleOption.findMany({ orderBy: { percentage: 'asc' } }),
      db.insurableCrop.findMany({ orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }], include: { varieties: { orderBy: { name: 'asc' } } } }),
    ]);
    const { canolaCap } = candidate;
    return {
      version: candidate.version,
      problem: pricingModelProblem(candidate).problem,
      hurdleConfigs: hurdleConfigs.map(({ id, cropType, minimumHurdlePercentage, defaultHurdlePercentage, isActive }) => ({ id, cropType, minimumHurdlePercentage, defaultHurdlePercentage, isActive })),
      hurdleOptions: hurdleOptions.map(({ id, percentage, impactMultiplier, description, isActive }) => ({ id, percentage, impactMultiplier, description, isActive })),
      areaLimits: candidate.areaLimits,
      discountFactors: candidate.discountFactors,
      crops: crops.map((crop) => ({ name: crop.name, isActive: crop.isActive, sortOrder: crop.sortOrder, varieties: crop.varieties.map(({ name, isActive }) => ({ name, isActive })) })),
      minimumPremium: candidate.minimumPremium,
      canolaCap,
    };
  }

  /** Refuses a change that would leave the pricing model unusable, in the schema's words. */
  function requireSoundModel(candidate: StoredModel) {
    const { problem } = pricingModelProblem(candidate);
    if (problem !== null) throw badRequest(problem, 'pricing_model_invalid');
  }

  async function commit(actorId: string, { change, target, before, after, write }: Change): Promise<CalculatorSettingsResponse> {
    const settings = await db.pricingSettings.findUnique({ where: { id: PRICING_SETTINGS_ID }, select: { version: true } });
    const version = nextModelVersion(new Date());
    await db.$transaction(async (tx) => {
      await write(tx);
      await tx.pricingSettings.update({ where: { id: PRICING_SETTINGS_ID }, data: { version } });
      await auditEntry(tx, { actorId, customerId: null, action: 'calculator_settings_changed', details: { change, target, before, after, previousVersion: settings?.version ?? null, version } });
    });
    cache.invalidate();
    return current();
  }

  async function findCrop(cropType: string) {
    const crop = await db.insurableCrop.findFirst({ where: { name: cropType.trim().toLowerCase() }, include: { varieties: true } });
    if (!crop) throw notFound(`There is no insurable crop called ${cropType}.`, 'unknown_crop');
    return crop;
  }

  return {
    current,

    async saveHurdleConfig(actorId: string, cropType: string, input: HurdleConfigInput) {
      const crop = await findCrop(cropType);
      const [existing, options, configs] = await Promise.all([
        db.cropHurdleConfig.findUnique({ where: { cropType: crop.name } }),
        db.hurdleOption.findMany(),
        db.cropHurdleConfig.findMany({ where: { NOT: { cropType: crop.name } } }),
      ]);
      const problem = hurdleConfigProblem([...configs, { cropType: crop.name, ...input }], options);
      if (problem) throw badRequest(problem, 'hurdle_not_offered');
      const before = existing && { minimumHurdlePercentage: existing.minimumHurdlePercentage, defaultHurdlePercentage: existing.defaultHurdlePercentage, isActive: existing.isActive };
      return commit(actorId, {
        change: 'hurdleConfig',
        target: { cropType: crop.name },
        before,
        after: input,
        write: (tx) => tx.cropHurdleConfig.upsert({ where: { cropType: crop.name }, create: { cropType: crop.name, ...input }, update: input }),
      });
    },

    async saveHurdleOption(actorId: string, percentage: number, input: HurdleOptionInput) {
      const { candidate } = await readPricingModel(db);
      const existing = candidate.hurdleOptions.find((option) => option.percentage === percentage);
      if (!existing) throw notFound(`There is no ${percentage}% hurdle option.`, 'pricing_item_not_found');
      const next = { ...existing, ...input };
      requireSoundModel({ ...candidate, hurdleOptions: candidate.hurdleOptions.map((option) => (option.percentage === percentage ? next : option)) });
      const [configs, options] = await Promise.all([db.cropHurdleConfig.findMany(), db.hurdleOption.findMany()]);
      const problem = hurdleConfigProblem(
        configs,
        options.map((option) => (option.percentage === percentage ? next : option)),
      );
      if (problem) throw badRequest(problem, 'hurdle_in_use');
      return commit(actorId, { change: 'hurdleOption', target: { percentage }, before: existing, after: next, write: (tx) => tx.hurdleOption.update({ where: { percentage }, data: input }) });
    },

    async addHurdleOption(actorId: string, input: NewHurdleOptionInput) {
      const { candidate } = await readPricingModel(db);
      if (candidate.hurdleOptions.some((option) => option.percentage === input.percentage)) throw conflict(`There is already a ${input.percentage}% hurdle option; change that one instead.`, 'hurdle_exists');
      const added = { ...input, isActive: true };
      requireSoundModel({ ...candidate, hurdleOptions: [...candidate.hurdleOptions, added].sort((a, b) => a.percentage - b.percentage) });
      return commit(actorId, { change: 'hurdleOptionAdded', target: { percentage: input.percentage }, before: null, after: added, write: (tx) => tx.hurdleOption.create({ data: added }) });
    },

    async saveAreaLimit(actorId: string, id: string, input: AreaLimitInput) {
      const { candidate } = await readPricingModel(db);
      const existing = candidate.areaLimits.find((limit) => limit.id === id);
      if (!existing) throw notFound(`There is no area limit ${id}.`, 'pricing_item_not_found');
      const next = { id, ...input };
      requireSoundModel({ ...candidate, areaLimits: candidate.areaLimits.map((limit) => (limit.id === id ? next : limit)) });
      return commit(actorId, { change: 'areaLimit', target: { id }, before: existing, after: next, write: (tx) => tx.areaLimit.update({ where: { id }, data: input }) });
    },

    async addAreaLimit(actorId: string, input: AreaLimitInput) {
      const { candidate } = await readPricingModel(db);
      const base = slug(input.name);
      let id = base;
      for (let n = 2; candidate.areaLimits.some((limit) => limit.id === id); n += 1) id = `${base}-${n}`;
      const added = { id, ...input };
      requireSoundModel({ ...candidate, areaLimits: [...candidate.areaLimits, added] });
      const sortOrder = candidate.areaLimits.length;
      return commit(actorId, { change: 'areaLimitAdded', target: { id }, before: null, after: added, write: (tx) => tx.areaLimit.create({ data: { ...added, sortOrder } }) });
    },

    async saveDiscountFactor(actorId: string, id: string, input: DiscountFactorInput) {
      const { candidate } = await readPricingModel(db);
      const existing = candidate.discountFactors.find((factor) => factor.id === id);
      if (!existing) throw notFound(`There is no discount factor ${id}.`, 'pricing_item_not_found');
      const next = { ...existing, ...input };
      requireSoundModel({ ...candidate, discountFactors: candidate.discountFactors.map((factor) => (factor.id === id ? next : factor)) });
      return commit(actorId, { change: 'discountFactor', target: { id }, before: existing, after: next, write: (tx) => tx.discountFactor.update({ where: { id }, data: input }) });
    },

    async saveCrop(actorId: string, cropType: string, input: InsurableCropInput) {
      const crop = await findCrop(cropType);
      if (!input.isActive) {
        const { candidate } = await readPricingModel(db);
        const stillPriced = candidate.cropFactors.map((factor) => (factor.cropType.toLowerCase() === crop.name.toLowerCase() ? { ...factor, isActive: false } : factor));
        requireSoundModel({ ...candidate, cropFactors: stillPriced });
      }
      return commit(actorId, {
        change: 'insurableCrop',
        target: { cropType: crop.name },
        before: { isActive: crop.isActive, sortOrder: crop.sortOrder },
        after: input,
        write: (tx) => tx.insurableCrop.update({ where: { id: crop.id }, data: input }),
      });
    },

    /**
     * A new insurable crop with its rate factors, its hurdles and its varieties, listed last. Rate
     * factors or a hurdle config left under the name without a crop (none is ever deleted through the
     * server, so only a hand edit leaves them) are replaced, and named in the audit entry's `before`.
     */
    async addCrop(actorId: string, input: NewCropInput) {
      const { name, hailFactor, fireFactor, minimumHurdlePercentage, defaultHurdlePercentage, varieties } = input;
      const [existing, last, { candidate }, configs, options, orphanConfig] = await Promise.all([
        db.insurableCrop.findUnique({ where: { name } }),
        db.insurableCrop.findFirst({ orderBy: { sortOrder: 'desc' }, select: { sortOrder: true } }),
        readPricingModel(db),
        db.cropHurdleConfig.findMany({ where: { NOT: { cropType: name } } }),
        db.hurdleOption.findMany(),
        db.cropHurdleConfig.findUnique({ where: { cropType: name } }),
      ]);
      const alreadyThere = () => conflict(`There is already a crop called ${name}; change that one instead.`, 'crop_exists');
      if (existing) throw alreadyThere();
      const factor = { cropType: name, hailFactor, fireFactor, isActive: true };
      requireSoundModel({ ...candidate, cropFactors: [...candidate.cropFactors.filter((item) => item.cropType !== name), factor] });
      const hurdles = { minimumHurdlePercentage, defaultHurdlePercentage, isActive: true };
      const problem = hurdleConfigProblem([...configs, { cropType: name, ...hurdles }], options);
      if (problem) throw badRequest(problem, 'hurdle_not_offered');
      const orphanFactor = candidate.cropFactors.find((item) => item.cropType === name);
      const sortOrder = (last?.sortOrder ?? -1) + 1;
      const added = commit(actorId, {
        change: 'cropAdded',
        target: { cropType: name },
        before:
          orphanFactor || orphanConfig
            ? {
                cropFactor: orphanFactor ?? null,
                hurdleConfig: orphanConfig && { minimumHurdlePercentage: orphanConfig.minimumHurdlePercentage, defaultHurdlePercentage: orphanConfig.defaultHurdlePercentage, isActive: orphanConfig.isActive },
              }
            : null,
        after: { sortOrder, hailFactor, fireFactor, minimumHurdlePercentage, defaultHurdlePercentage, varieties },
        write: async (tx) => {
          await tx.insurableCrop.create({ data: { name, sortOrder, varieties: { create: varieties.map((variety) => ({ name: variety })) } } });
          await tx.cropRateFactor.upsert({ where: { cropType: name }, create: factor, update: factor });
          await tx.cropHurdleConfig.upsert({ where: { cropType: name }, create: { cropType: name, ...hurdles }, update: hurdles });
        },
      });
      // Another administrator may have added the same crop since it was looked up.
      return added.catch((error: unknown) => {
        throw isUniqueViolation(error) ? alreadyThere() : error;
      });
    },

    async addVariety(actorId: string, cropType: string, name: string) {
      const crop = await findCrop(cropType);
      if (crop.varieties.some((variety) => variety.name.toLowerCase() === name.toLowerCase())) throw conflict(`${crop.name} already has the variety ${name}.`, 'variety_exists');
      return commit(actorId, {
        change: 'varietyAdded',
        target: { cropType: crop.name, variety: name },
        before: null,
        after: { name, isActive: true },
        write: (tx) => tx.cropVariety.create({ data: { cropId: crop.id, name } }),
      });
    },

    async saveVariety(actorId: string, cropType: string, name: string, isActive: boolean) {
      const crop = await findCrop(cropType);
      const variety = crop.varieties.find((item) => item.name.toLowerCase() === name.toLowerCase());
      if (!variety) throw notFound(`${crop.name} has no variety called ${name}.`, 'unknown_variety');
      return commit(actorId, {
        change: 'variety',
        target: { cropType: crop.name, variety: variety.name },
        before: { isActive: variety.isActive },
        after: { isActive },
        write: (tx) => tx.cropVariety.update({ where: { id: variety.id }, data: { isActive } }),
      });
    },

    async saveFigures(actorId: string, input: CalculatorFiguresInput) {
      const { candidate } = await readPricingModel(db);
      const canolaCap = { ...input.canolaCap, cropType: candidate.canolaCap.cropType };
      requireSoundModel({ ...candidate, minimumPremium: input.minimumPremium, canolaCap });
      return commit(actorId, {
        change: 'figures',
        target: {},
        before: { minimumPremium: candidate.minimumPremium, canolaCap: candidate.canolaCap },
        after: { minimumPremium: input.minimumPremium, canolaCap },
        write: (tx) =>
          tx.pricingSettings.update({
            where: { id: PRICING_SETTINGS_ID },
            data: {
              minimumPremium: input.minimumPremium,
              canolaMaxValuePerHectare: input.canolaCap.maxValuePerHectare,
              canolaMaxShare: input.canolaCap.maxShareOfInsuredValue,
              canolaCapActive: input.canolaCap.isActive,
            },
          }),
      });
    },
  };
}
