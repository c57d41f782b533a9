/**
 * Site-wide words: contact details, the header's link labels and the footer. Staff edit this file
 * (and the pages in renderer/src/features/public-site/content/) without touching any component.
 * The registered name, ABN and ACN are configuration (BUSINESS_* in the server's environment).
 */
import { QUOTE_MODE, type QuoteMode } from '@shared/constants';

/**
 * docs/behaviour.md §2: the quote buttons follow the configured quote mode (QUOTE_MODE in shared/constants.ts).
 * In quote mode the header's button is the anchor /#quote (the home page's quote section, which says
 * what a quote needs) and the page buttons read 'Get a Quote' and open /quote; in register mode every
 * one reads 'Register Interest' and opens /register.
 */
export function quoteButtons(mode: QuoteMode) {
  if (mode === 'register') {
    const register = { label: 'Register Interest', to: '/register' };
    return { header: register, page: register };
  }
  return { header: { label: 'Get a Quote', to: '/#quote' }, page: { label: 'Get a Quote', to: '/quote' } };
}

export const quoteButton = quoteButtons(QUOTE_MODE).page;

export const siteContent = {
  name: 'Grain Growers Mutual',
  tagline: 'Farmer-owned crop protection for Western Australia',
  phone: { display: '(08) 9000 0000', href: 'tel:+61890000000' },
  email: 'members@grainmutual.example',
  postalAddress: 'PO Box 1234, Northam WA 6401',
  officeHours: 'Monday to Friday, 7 am to 5 pm AWST; harvest (October to January) 7 days, 6 am to 7 pm',
  /** The harvest part of the hours, where a claim's first call is the point. */
  harvestHours: 'in harvest, October to January, 7 days, 6 am to 7 pm AWST',
  aboutMenu: [
    { label: 'About Us', href: '/about' },
    { label: 'Corporate Documents', href: '/corporate-documents' },
    { label: 'Who We Are', href: '/#about' },
  ],
  footer: {
    contactHeading: 'Contact us',
    contactIntro: 'Questions about protection, a claim or your membership? Send us a message and a member of our Northam team will reply within one business day. In harvest, call us.',
    policyHeading: 'Policies and documents',
    policyLinks: [
      { label: 'Terms of Use', href: '/terms-of-use' },
      { label: 'Privacy Policy', href: '/privacy-policy' },
      { label: 'Complaints Policy', href: '/complaints-policy' },
      { label: 'Corporate Documents', href: '/corporate-documents' },
      { label: 'Check a Certificate', href: '/certificate' },
    ],
    partnersHeading: 'Partners',
    /**
     * The warning text. {legalName}, {abn} and {acn} are filled in from configuration. Protection
     * is discretionary: it must never be described as insurance.
     */
    warning:
      '{legalName} (ABN {abn}, ACN {acn}) is a discretionary mutual owned by its members. The protection it offers is not insurance: members have no legal right to have a claim paid, and every claim is decided by the board at its discretion under the Protection Rules. The mutual is not regulated by APRA and protection is not covered by the Financial Claims Scheme. Read the Protection Rules and consider whether the protection suits your farm before you apply.',
    copyright: '© {year} {legalName}. Owned by Western Australian grain growers.',
  },
} as const;

/**
 * Fills {name} placeholders; unknown ones are left as written so a typo is visible, not silent. A
 * value may be given as a function, worded only when the template uses it.
 */
export function fillTemplate(template: string, values: Record<string, string | (() => string)>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return typeof value === 'function' ? value() : (value ?? whole);
  });
}
