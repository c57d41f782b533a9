import type { Database } from '../../db/client';
import { COLOURS, DocumentWriter } from '../../lib/pdf/document-writer';

interface SeedDocument {
  title: string;
  description: string;
  fileName: string;
  sortOrder: number;
  /** Sections of the document: a heading and its paragraphs. */
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

/**
 * The documents a member reads before joining. They are generated as real PDFs the first time the
 * database is seeded; administrators replace them with the signed originals.
 */
const DOCUMENTS: SeedDocument[] = [
  {
    title: 'Constitution',
    description: 'How the mutual is owned and governed: membership, the board, meetings and how surpluses are kept for members.',
    fileName: 'grain-growers-mutual-constitution.pdf',
    sortOrder: 1,
    sections: [
      {
        heading: '1. Name and nature',
        paragraphs: [
          'Grain Growers Mutual Limited is a company limited by guarantee, owned by its members, who are grain growers in Western Australia.',
          'The mutual provides discretionary protection. It is not an insurer and does not issue contracts of insurance.',
        ],
      },
      {
        heading: '2. Membership',
        paragraphs: [
          'A person who grows grain in Western Australia, pays the membership fee and agrees to be bound by this constitution and the Protection Rules may be admitted as a member by the board.',
          'Each member has one vote, whatever the area protected.',
        ],
      },
      {
        heading: '3. The board',
        paragraphs: ['The board has up to seven directors. At least four must be members who actively farm. Directors are elected at the annual general meeting for terms of three years.'],
      },
      {
        heading: '4. The discretionary fund',
        paragraphs: [
          'Contributions are held in the discretionary fund and used to meet claims the board decides to pay, to buy reinsurance-style protection for the fund, and to meet the costs of running the mutual.',
          'Surpluses are not paid to shareholders. They are kept in the fund for members, or returned to members as the board decides.',
        ],
      },
      { heading: '5. Meetings', paragraphs: ['An annual general meeting is held each year before 30 November, after harvest is well under way in most districts, so that members can attend.'] },
    ],
  },
  {
    title: 'Protection Rules',
    description: 'The discretionary protection for hail, and fire and lightning: what can be claimed, the hurdle, the period of protection and how the board decides claims.',
    fileName: 'grain-growers-mutual-protection-rules.pdf',
    sortOrder: 2,
    sections: [
      {
        heading: 'Discretionary protection',
        paragraphs: [
          'Members may ask the board to pay a claim for loss of a standing grain crop caused by hail, or by fire or lightning. The board decides every claim in good faith, under these rules, but a member has no legal right to be paid. This is what "discretionary" means, and why this protection is not insurance.',
        ],
      },
      { heading: 'Eligible crops', paragraphs: ['Wheat, barley, canola, lupins, oats, field peas, triticale, rye and chickpeas grown in Western Australia.'] },
      {
        heading: 'The hurdle',
        paragraphs: [
          'A claim is considered for the part of the loss above the hurdle chosen for the paddock, a percentage of the crop value protected. Canola, lupins and field peas carry a minimum hurdle of 10 percent.',
        ],
      },
      {
        heading: 'Period of protection',
        paragraphs: ['Protection starts at 4 pm on the day the mutual accepts the application and contribution, and ends when the crop is harvested or on 31 March after sowing, whichever is first.'],
      },
      {
        heading: 'Making a claim',
        paragraphs: ['Tell the mutual within 72 hours of the event, and before harvesting the damaged area if you can. An assessor will inspect the crop. Keep samples and photographs.'],
      },
    ],
  },
  {
    title: 'Annual Report 2024–25',
    description: "The board's report to members for the 2024–25 season: claims paid, the state of the discretionary fund and audited accounts.",
    fileName: 'grain-growers-mutual-annual-report-2024-25.pdf',
    sortOrder: 3,
    sections: [
      {
        heading: "Chair's report",
        paragraphs: [
          'The 2024 season brought late frosts in the south and several hail events between Moora and Merredin in October. Members lodged 64 claims; the board paid 58 in full and 3 in part.',
          'The fund closed the year with reserves above the level the board set, so contribution rates for 2025 are unchanged for most zones.',
        ],
      },
      { heading: 'The season in numbers', paragraphs: ['Members: 412. Hectares protected: 318,000. Claims paid: $4.1 million. Average time from inspection to payment: 19 days.'] },
      { heading: 'Financial statements', paragraphs: ['The audited financial statements, with the auditor’s report, are set out in full in the printed report sent to members and are available on request.'] },
    ],
  },
  {
    title: 'Complaints and Disputes Policy',
    description: 'How to raise a complaint or dispute a claim decision, and the timeframes the mutual keeps to.',
    fileName: 'grain-growers-mutual-complaints-policy.pdf',
    sortOrder: 4,
    sections: [
      { heading: 'Raising a complaint', paragraphs: ['Call (08) 9000 0000, e-mail complaints@grainmutual.example, or write to the Complaints Officer, PO Box 1234, Northam WA 6401.'] },
      {
        heading: 'Our timeframes',
        paragraphs: [
          'We acknowledge a complaint within 1 business day and aim to resolve it within 30 calendar days. If a claim decision is disputed, the member may ask for the board to review it, and then for an independent review.',
        ],
      },
    ],
  },
];

export async function renderDocumentPdf(document: Pick<SeedDocument, 'title' | 'sections'>): Promise<Uint8Array> {
  const writer = await DocumentWriter.create({
    title: `${document.title} | Grain Growers Mutual`,
    author: 'Grain Growers Mutual Limited',
    createdAt: new Date('2025-07-01T00:00:00Z'),
    header: 'Grain Growers Mutual',
    footer: 'Grain Growers Mutual provides discretionary protection. It is not insurance.',
  });
  writer.text(document.title, { size: 22, bold: true, color: COLOURS.brand });
  writer.gap(8);
  for (const section of document.sections) {
    writer.heading(section.heading, { size: 14 });
    for (const paragraph of section.paragraphs) {
      writer.text(paragraph, { size: 11 });
      writer.gap(6);
    }
    writer.gap(6);
  }
  return writer.save();
}

/**
 * Idempotent: the documents are added only while the table is empty (a new installation). Once
 * there is any document, administrators own the list, and a document they removed stays removed.
 */
export async function seedCorporateDocuments(db: Database): Promise<void> {
  if ((await db.corporateDocument.count()) > 0) return;
  for (const document of DOCUMENTS) {
    const content = await renderDocumentPdf(document);
    await db.corporateDocument.create({
      data: { title: document.title, description: document.description, fileName: document.fileName, mimeType: 'application/pdf', content: Buffer.from(content), sortOrder: document.sortOrder },
    });
  }
}
