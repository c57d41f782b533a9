/**
 * What a warning means for a member, paddock by paddock (docs/alerts.md 'What a storm means for
 * you'): the hectares under it, the crop and its value there, and, after the paddock's hurdle, what
 * losing a share of the crop there would put before the board. The figures are the rule an event's
 * expected claims follow (paddockClaim in shared/domain/risk/exposure.ts), the one the estimate's
 * loss example uses too; the words are said alike on the alerts page, the dashboard and the e-mail.
 */
import type { AlertKind } from '../../contracts/alert-kinds';
import type { ProtectionView } from '../../contracts/dashboard';
import type { ProtectionStage } from '../../contracts/protection-status';
import { formatHectares, formatPercent, formatWholeDollars as dollars } from '../../format';
import { isProtected, protectionStageDescription } from '../protection/lifecycle';
import { cropName } from '../pricing/crop-name';
import { coverageIncludes } from '../protection/protection';
import { paddockClaim } from '../risk/exposure';
import { type Reader, READER_POSSESSIVE, readerPossessiveCapitalised } from '../reader';

/** The share of the crop under the warning that the example loses. */
export const STORM_EXAMPLE_LOSS_PERCENT = 30;

/** The peril an alert of each kind brings to a crop: a storm's is hail, lightning's is fire. */
export const ALERT_PERIL: Record<AlertKind, 'hail' | 'fire'> = { hail: 'hail', storm: 'hail', fire: 'fire', lightning: 'fire' };

/** A matched paddock as the alert has it: how much of it lay under the warning (null when placed by the farm's location). */
export interface PaddockUnderAlert {
  name: string;
  share: number | null;
  hectaresAffected: number | null;
}

/** The paddock as the member's application holds it. */
export interface PaddockCoverFacts {
  crop: string | null;
  /** Value protected on the whole paddock, cents (after any cap); 0 when it was not priced. */
  valueCents: number;
  hurdlePercentage: number | null;
  priced: boolean;
  stage: ProtectionStage;
  /** Whether the application's cover includes the alert's peril (hail only, fire only, or both). */
  perilCovered: boolean;
}

export interface StormMeaning {
  /** 'example': the figures are given; otherwise the sentence says why not. */
  kind: 'example' | 'not-protected' | 'peril-not-covered' | 'not-priced' | 'not-mapped';
  sentence: string;
  hectaresUnder: number | null;
  valueUnderCents: number | null;
  consideredCents: number | null;
}

/**
 * What the alert means for one paddock; `cover` undefined when the paddock's application is not the
 * member's to read. `reader`: who reads it (the member, their broker or staff), for whose hurdle it names.
 */
export function stormMeaning(
  kind: AlertKind,
  paddock: PaddockUnderAlert,
  cover: PaddockCoverFacts | undefined,
  { reader = 'member', lossPercent = STORM_EXAMPLE_LOSS_PERCENT }: { reader?: Reader; lossPercent?: number } = {},
): StormMeaning {
  const none = { hectaresUnder: paddock.hectaresAffected, valueUnderCents: null, consideredCents: null };
  const peril = ALERT_PERIL[kind];
  const your = READER_POSSESSIVE[reader];
  const Your = readerPossessiveCapitalised(reader);
  if (!cover) return { kind: 'not-priced', sentence: `${paddock.name} is in none of ${your} applications we could read, so there is no value to go by.`, ...none };
  if (!isProtected(cover.stage)) return { kind: 'not-protected', sentence: `Not protected yet. ${protectionStageDescription(cover.stage, reader)}`, ...none };
  if (!cover.perilCovered) return { kind: 'peril-not-covered', sentence: `${Your} protection of ${paddock.name} does not cover ${peril}.`, ...none };
  if (!cover.priced || cover.valueCents <= 0 || cover.crop === null)
    return { kind: 'not-priced', sentence: `${paddock.name} has no crop priced in ${your} application, so there is no value to go by.`, ...none };
  if (paddock.share === null || paddock.hectaresAffected === null) {
    return {
      kind: 'not-mapped',
      sentence: `${paddock.name} has no boundary on the map, so how much of its ${cropName(cover.crop).toLowerCase()} lay under the warning is not known. Draw it on Your Farm for next time.`,
      ...none,
    };
  }
  const hurdle = cover.hurdlePercentage ?? 0;
  const claim = paddockClaim({ id: paddock.name, valueCents: cover.valueCents, hurdlePercentage: hurdle }, paddock.share, lossPercent);
  const under = `${cropName(cover.crop)} worth about ${dollars(claim.valueHitCents)} on the ${formatHectares(paddock.hectaresAffected)} of ${paddock.name} under the warning.`;
  const outcome =
    claim.expectedClaimCents > 0
      ? `If ${peril} took ${lossPercent}% of it, after ${your} ${formatPercent(hurdle)} hurdle about ${dollars(claim.expectedClaimCents)} would be put before the board.`
      : `If ${peril} took ${lossPercent}% of it, the loss would be within ${your} ${formatPercent(hurdle)} hurdle and nothing would be put before the board.`;
  return { kind: 'example', sentence: `${under} ${outcome}`, hectaresUnder: paddock.hectaresAffected, valueUnderCents: claim.valueHitCents, consideredCents: claim.expectedClaimCents };
}

/** The facts of a matched paddock from the member's protections (the application that holds it), or undefined when none of them does. */
export function paddockCoverFacts(
  kind: AlertKind,
  paddock: { applicationId: string; paddockId: string },
  protections: readonly Pick<ProtectionView, 'id' | 'stage' | 'coverageType' | 'paddocks'>[],
): PaddockCoverFacts | undefined {
  const protection = protections.find((each) => each.id === paddock.applicationId);
  const held = protection?.paddocks.find((each) => each.id === paddock.paddockId);
  if (!protection || !held) return undefined;
  return {
    crop: held.crop,
    valueCents: held.valueCents,
    hurdlePercentage: held.hurdlePercentage,
    priced: held.priced,
    stage: protection.stage,
    perilCovered: coverageIncludes(protection.coverageType, ALERT_PERIL[kind]),
  };
}
