import { MEMBERSHIP_FEE } from '../../constants';

/**
 * What a member must acknowledge before a quote is submitted, keyed as stored in
 * personalDetails.disclosureAcknowledgments. The wizard shows these texts; the server refuses a
 * submission without every one accepted and records, for each, the text and the server's time.
 */
export const DISCLOSURE_ACKNOWLEDGEMENTS = [
  { key: 'not-insurance', text: 'I understand this is discretionary mutual protection, not insurance, and that the board decides each claim at its discretion.' },
  { key: 'read-pds', text: 'I have read the Product Disclosure Statement summary above and know where to find the full statement and the corporate documents.' },
  { key: 'membership', text: `I understand protection is available to members only and that a membership fee of $${MEMBERSHIP_FEE} applies each season.` },
  { key: 'accurate-information', text: 'I will give accurate information about my farm and crops, and I understand that wrong information can affect a claim.' },
] as const;

export const DISCLOSURES_REQUIRED_MESSAGE = 'Acknowledge the product disclosure statements before submitting your application.';
export const disclosuresNotAcceptedMessage = (texts: readonly string[]) => `Tick every acknowledgement before submitting. Not accepted yet: ${texts.map((text) => `“${text}”`).join(' ')}`;

/** The statements of DISCLOSURE_ACKNOWLEDGEMENTS the acknowledgements do not accept (empty when all are accepted). */
export function missingDisclosures(acknowledgements: Readonly<Record<string, { accepted?: boolean } | undefined>>): Array<(typeof DISCLOSURE_ACKNOWLEDGEMENTS)[number]> {
  return DISCLOSURE_ACKNOWLEDGEMENTS.filter((item) => acknowledgements[item.key]?.accepted !== true);
}
