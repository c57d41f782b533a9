/**
 * Whether a warning's update raised it (docs/alerts.md 'Who is told'): an update e-mails the members
 * it newly covers, and also those told of the issue it updates when it is now worse there, a higher
 * level on the issuer's scale or bigger hail. A member told of a Severe warning hears again of its
 * Extreme update, and of hail now up to 5 cm where it was 2 cm, not of a redrawn area at the same level.
 */

/** The two scales the agencies publish a warning's level on, lowest first: CAP's `<severity>`, and Australia's warning system for fires (DFES, RFS). */
const LEVEL_SCALES: readonly (readonly string[])[] = [
  ['minor', 'moderate', 'severe', 'extreme'],
  ['advice', 'watch and act', 'emergency warning'],
];

/** What a warning said of its danger: its level as published, and the hail size it gave. */
export interface WarningDanger {
  severity: string | null;
  hailSizeMm: number | null;
}

/** What got worse from one issue to the next, in the issuer's words, or null when nothing did. */
export interface WarningRaise {
  /** From and to, as published ('Severe', 'Extreme'). */
  level: readonly [string, string] | null;
  /** From (null when the earlier issue gave no size) and to, in millimetres. */
  hailMm: readonly [number | null, number] | null;
}

const levelOn = (scale: readonly string[], severity: string | null) => (severity === null ? -1 : scale.indexOf(severity.trim().toLowerCase()));

/** The level change when both issues are on the same scale and the later one is higher ('Unknown' and levels of no scale never raise). */
function levelRaise(before: string | null, after: string | null): readonly [string, string] | null {
  for (const scale of LEVEL_SCALES) {
    const from = levelOn(scale, before);
    const to = levelOn(scale, after);
    if (from >= 0 && to > from) return [before!.trim(), after!.trim()];
  }
  return null;
}

/** How `after` is worse than `before`: a higher level, or hail bigger than any size given before. */
export function warningRaise(before: WarningDanger, after: WarningDanger): WarningRaise | null {
  const level = levelRaise(before.severity, after.severity);
  const hailMm = after.hailSizeMm !== null && after.hailSizeMm > (before.hailSizeMm ?? 0) ? ([before.hailSizeMm, after.hailSizeMm] as const) : null;
  return level === null && hailMm === null ? null : { level, hailMm };
}

/**
 * The worst a member was told of among the issues an update replaces (they may have been under
 * several): the highest level and the biggest hail, each as its issue published it.
 */
export function worstTold(issues: readonly WarningDanger[]): WarningDanger {
  const rank = (severity: string | null) => Math.max(...LEVEL_SCALES.map((scale) => levelOn(scale, severity)));
  const highest = issues.reduce<WarningDanger | undefined>((worst, issue) => (worst === undefined || rank(issue.severity) > rank(worst.severity) ? issue : worst), undefined);
  const sizes = issues.flatMap((issue) => (issue.hailSizeMm === null ? [] : [issue.hailSizeMm]));
  return { severity: highest?.severity ?? null, hailSizeMm: sizes.length > 0 ? Math.max(...sizes) : null };
}

/** A hail size as the warnings give it, in centimetres: "up to 4 cm". */
export const hailUpTo = (hailSizeMm: number) => `up to ${hailSizeMm / 10} cm`;

/** The raise in a sentence's words: "from Severe to Extreme", "hail up to 5 cm (was up to 2 cm)". */
export function describeRaise(raise: WarningRaise): string {
  const parts: string[] = [];
  if (raise.level) parts.push(`from ${raise.level[0]} to ${raise.level[1]}`);
  if (raise.hailMm) parts.push(`hail ${hailUpTo(raise.hailMm[1])}${raise.hailMm[0] === null ? '' : ` (was ${hailUpTo(raise.hailMm[0])})`}`);
  return parts.join(', ');
}

/** What an issue said of its danger: "Severe, hail up to 4 cm", "" when it gave neither. */
export function describeDanger({ severity, hailSizeMm }: WarningDanger): string {
  return [severity, hailSizeMm === null ? null : `hail ${hailUpTo(hailSizeMm)}`].filter(Boolean).join(', ');
}
