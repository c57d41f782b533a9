/**
 * Conversion of the leads that arrived in a period: how many of them are won now, by the source
 * they first came through and by their referrer (docs/crm.md 'Conversion').
 */
import { isOpenStage } from './stages';
import { LEAD_SOURCES, type LeadSource, type LeadStage } from '../../contracts/crm';

export interface ConvertingLead {
  source: LeadSource;
  referrerCode: string | null;
  stage: LeadStage;
}

export interface ConversionRow {
  /** The source, or the referrer code ('' for leads that came without one). */
  key: string;
  leads: number;
  won: number;
  lost: number;
  open: number;
  /** Won as a share of the leads, 0 to 1 (0 when there are none). */
  rate: number;
}

function tally(key: string, leads: readonly ConvertingLead[]): ConversionRow {
  const won = leads.filter((lead) => lead.stage === 'won').length;
  const lost = leads.filter((lead) => lead.stage === 'lost').length;
  const open = leads.filter((lead) => isOpenStage(lead.stage)).length;
  return { key, leads: leads.length, won, lost, open, rate: leads.length === 0 ? 0 : won / leads.length };
}

function groupBy(leads: readonly ConvertingLead[], keyOf: (lead: ConvertingLead) => string): Map<string, ConvertingLead[]> {
  const groups = new Map<string, ConvertingLead[]>();
  for (const lead of leads) groups.set(keyOf(lead), [...(groups.get(keyOf(lead)) ?? []), lead]);
  return groups;
}

/** Every source in its fixed order, those without leads at 0, so the chart always reads the same. */
export function conversionBySource(leads: readonly ConvertingLead[]): ConversionRow[] {
  const groups = groupBy(leads, (lead) => lead.source);
  return LEAD_SOURCES.map((source) => tally(source, groups.get(source) ?? []));
}

/** One row per referrer code that brought leads, most leads first (then by code); leads without a referrer last, under ''. */
export function conversionByReferrer(leads: readonly ConvertingLead[]): ConversionRow[] {
  const groups = groupBy(leads, (lead) => lead.referrerCode ?? '');
  const rows = [...groups].map(([key, members]) => tally(key, members));
  return rows.sort((a, b) => (a.key === '' ? 1 : b.key === '' ? -1 : b.leads - a.leads || a.key.localeCompare(b.key)));
}

/** The period's leads as one row. */
export function conversionTotal(leads: readonly ConvertingLead[]): ConversionRow {
  return tally('all', leads);
}
