/**
 * A crop's minimum and default hurdle must each be a hurdle the quote offers (an active hurdle
 * option), or the member could not pick the default, or could never meet the minimum. Checked when
 * a crop's config changes and when a hurdle option is switched off.
 */
export function hurdleConfigProblem(
  configs: ReadonlyArray<{ cropType: string; minimumHurdlePercentage: number; defaultHurdlePercentage: number; isActive: boolean }>,
  options: ReadonlyArray<{ percentage: number; isActive: boolean }>,
): string | null {
  const offered = new Set(options.filter((option) => option.isActive).map((option) => option.percentage));
  const list = [...offered].sort((a, b) => a - b).map((percentage) => `${percentage}%`);
  for (const config of configs) {
    if (!config.isActive) continue;
    for (const [label, percentage] of [
      ['minimum', config.minimumHurdlePercentage],
      ['default', config.defaultHurdlePercentage],
    ] as const) {
      if (!offered.has(percentage)) {
        return `The ${label} hurdle of ${config.cropType} (${percentage}%) must be one of the active hurdle options: ${list.join(', ') || 'none'}.`;
      }
    }
  }
  return null;
}
