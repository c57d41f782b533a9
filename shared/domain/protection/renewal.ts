/**
 * Renewing from last season (docs/seasons.md 'Renewing'): once staff open a new season, a member
 * whose cover started in an earlier season and who has not applied in the open one is due to renew,
 * from their latest such application: its farm, paddocks, crops, yields, prices and hurdles.
 */
import type { ProtectionStage } from '../../contracts/protection-status';
import type { RenewalStage } from '../../contracts/renewals';
import { coverStarted } from './lifecycle';

export interface RenewableProtection {
  id: string;
  season: string;
  stage: ProtectionStage;
  submittedAt: string;
}

/** The application a renewal starts from, or null when nothing is due (nothing protected before, or already applied in the open season). */
export function renewalFrom<P extends RenewableProtection>(protections: readonly P[], openSeasonYear: number): P | null {
  if (protections.some((protection) => Number(protection.season) === openSeasonYear)) return null;
  return latestCovered(protections, openSeasonYear);
}

/** The latest application of a season before `openSeasonYear` whose cover started: what a renewal starts from. */
export function latestCovered<P extends RenewableProtection>(protections: readonly P[], openSeasonYear: number): P | null {
  const earlier = protections.filter((protection) => Number(protection.season) < openSeasonYear && coverStarted(protection.stage));
  return earlier.reduce<P | null>((latest, protection) => {
    if (!latest) return protection;
    const bySeason = Number(protection.season) - Number(latest.season);
    return bySeason > 0 || (bySeason === 0 && protection.submittedAt > latest.submittedAt) ? protection : latest;
  }, null);
}

/** Where a member due to renew stands for the open season, on staff's renewal pipeline. */
export interface RenewalFacts {
  /** They have an application in the open season, whatever became of it. */
  appliedInSeason: boolean;
  /** They have a quote in progress, saved since the open season opened. */
  draftSinceOpen: boolean;
  /** The last day of cover of the protection they renew from. */
  renewsCoverEndsOn: string;
}

/** Submitted, started (a quote in progress), lapsed (their cover has ended without one), or due. */
export function renewalStage(facts: RenewalFacts, today: string): RenewalStage {
  if (facts.appliedInSeason) return 'submitted';
  if (facts.draftSinceOpen) return 'started';
  return today > facts.renewsCoverEndsOn ? 'lapsed' : 'due';
}
