import type { Lead } from '@shared/contracts/crm';
import { LEAD_SOURCE_LABELS, LEAD_STAGE_LABELS } from '@shared/domain/crm/stages';
import { perthCalendarDate } from '@shared/format';
import type { CsvColumns } from '../../lib/csv-download';

/** The pipeline as a spreadsheet: one row per lead, dates as Perth calendar days. */
export const LEADS_CSV: CsvColumns<Lead> = {
  header: ['Name', 'Email', 'Phone', 'Source', 'All sources', 'Referrer code', 'Referrer', 'Stage', 'Lost reason', 'Owner', 'Next follow-up', 'Arrived', 'Won'],
  row: (lead) => [
    lead.name,
    lead.email,
    lead.phone,
    LEAD_SOURCE_LABELS[lead.source],
    lead.sources.map((source) => LEAD_SOURCE_LABELS[source]).join('; '),
    lead.referrerCode,
    lead.referrerOrganisation,
    LEAD_STAGE_LABELS[lead.stage],
    lead.lostReason,
    lead.owner?.name,
    lead.nextFollowUpOn,
    perthCalendarDate(new Date(lead.createdAt)),
    lead.wonAt ? perthCalendarDate(new Date(lead.wonAt)) : null,
  ],
};
