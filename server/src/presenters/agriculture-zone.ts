/** A risk zone as the quote and staff's zone pages read it: its code, name, level, rates and outline. */
import type { AgricultureZone } from '@shared/contracts/protection';
import type { ZoneArea } from '../modules/pricing/pricing-model.repository';

export function presentZone({ code, name, riskLevel, hailRate, fireRate, bothRate, boundary }: ZoneArea): AgricultureZone {
  return { code, name, riskLevel: riskLevel as AgricultureZone['riskLevel'], hailRate, fireRate, bothRate, boundary };
}
