/**
 * The words of the home page. Edit them here; the page lays them out. Anchors (#about, #mission,
 * #quote) are linked from the header menu, so keep the section ids.
 */
export const homeContent = {
  title: 'Grain Growers Mutual: crop protection owned by WA grain growers',
  hero: {
    heading: 'Protection for your crop, owned by growers like you',
    lead: 'A farmer-owned discretionary mutual protecting standing grain crops in Western Australia against hail, and fire and lightning. Priced for your district, decided by people who farm.',
    notInsurance: 'Discretionary protection: not insurance.',
    secondaryCta: { label: 'How it works', href: '/our-product' },
    imageAlt: '',
  },
  highlights: [
    { title: 'Hail', text: 'Yield and grade lost to hail in a standing crop, paddock by paddock, with an assessor from your district.' },
    { title: 'Fire and lightning', text: 'Standing crop burnt by a header fire, a dry lightning storm or an escaped burn-off.' },
    { title: 'Your choice of hurdle', text: 'Carry the small losses yourself and pay less: from 0% for cereals, 10% for canola, lupins and field peas.' },
  ],
  about: {
    heading: 'About the mutual',
    paragraphs: [
      'Grain Growers Mutual was started by wheatbelt families who wanted crop protection that understands how grain is grown, harvested and sold in the West. We are owned by our members: each has one vote, and there are no outside shareholders to pay.',
      'Our assessors live in the districts they cover, from Geraldton to Esperance, and our office is in Northam. When hail comes through in October, the person who answers the phone knows what a crop looks like a fortnight from harvest.',
    ],
    link: { label: 'More about us', href: '/about' },
  },
  mission: {
    heading: 'Our mission',
    lead: 'Fair, affordable protection for every WA grain grower, run for members and not for profit.',
    points: [
      { title: 'Priced by district', text: 'Contributions are set from decades of local storm and fire records, not a state-wide average.' },
      { title: 'Claims decided by growers', text: 'A board with a farming majority decides claims promptly, in good faith, under rules every member can read.' },
      { title: 'Surpluses stay with members', text: 'With no shareholders, what the fund does not need for claims comes back to members.' },
    ],
  },
  quote: {
    heading: 'See what protection would cost',
    text: 'Map your paddocks, tell us what is sown and what you expect to harvest, and see an estimate for hail, fire and lightning, or both. It takes about ten minutes, and you can save it and come back.',
    registerText: 'We are not taking applications for this season yet. Register your interest and we will call you before the storm season.',
  },
  discretionary: {
    heading: 'Discretionary, not insurance',
    text: 'As a member you have the right to have every claim considered fairly by the board, but not a legal right to be paid. That is what lets a mutual keep its costs down and its surpluses with members.',
    link: { label: 'What discretionary means for you', href: '/our-product#discretionary' },
  },
} as const;
