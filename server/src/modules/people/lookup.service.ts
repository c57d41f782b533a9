/**
 * The user-lookup search (GET /api/admin/user-lookup?q=). The text is read as one kind of key
 * (shared/domain/people/search-key.ts): an e-mail address, an application, claim, invoice or receipt
 * number, an account id, an ABN or a phone number is one indexed look-up; plain words search
 * names, business, postal and farm addresses and paddock names. Every place that holds the key adds
 * its reason to the person found, so staff see why each person is listed.
 */
import { bySurname } from '@shared/domain/accounts/name-order';
import type { MatchField, PersonSummary, SearchKeyKind } from '@shared/contracts/people';
import { displayName } from '@shared/domain/accounts/display-name';
import { classifySearchKey } from '@shared/domain/people/search-key';
import type { Database } from '../../db/client';
import type { DatabaseProvider } from '../../db/provider';
import { anyCaseContains, fullNameMatches } from '../../db/text-search';

/** A text search stops collecting from one place after this many rows (the result says to narrow it). */
const PER_SOURCE_LIMIT = 500;

type Matches = Map<string, Set<MatchField>>;

function add(matches: Matches, userIds: Iterable<string>, field: MatchField) {
  for (const userId of userIds) {
    const fields = matches.get(userId) ?? new Set<MatchField>();
    fields.add(field);
    matches.set(userId, fields);
  }
}

async function textMatches(db: Database, provider: DatabaseProvider, text: string, matches: Matches) {
  const containing = anyCaseContains(provider);
  const ids = (rows: { userId: string }[]) => rows.map((row) => row.userId);
  const [byName, byBusiness, byEmail, byPostal, appsByPostal, appsByFarm, draftsByFarm, farmPaddocks, applicationPaddocks] = await Promise.all([
    db.user.findMany({ where: { OR: [{ firstName: containing(text) }, { lastName: containing(text) }, ...fullNameMatches(containing, text)] }, select: { id: true }, take: PER_SOURCE_LIMIT }),
    db.user.findMany({ where: { businessName: containing(text) }, select: { id: true }, take: PER_SOURCE_LIMIT }),
    db.user.findMany({ where: { email: containing(text.toLowerCase()) }, select: { id: true }, take: PER_SOURCE_LIMIT }),
    db.user.findMany({ where: { address: containing(text) }, select: { id: true }, take: PER_SOURCE_LIMIT }),
    // Addresses inside a quote are also kept as columns (at submission, and at each draft save), so they match in any case.
    db.protectionApplication.findMany({ where: { postalAddress: containing(text) }, select: { userId: true }, take: PER_SOURCE_LIMIT }),
    db.protectionApplication.findMany({ where: { farmAddress: containing(text) }, select: { userId: true }, take: PER_SOURCE_LIMIT }),
    db.draft.findMany({ where: { farmAddress: containing(text) }, select: { userId: true }, take: PER_SOURCE_LIMIT }),
    db.farmPaddock.findMany({ where: { name: containing(text) }, select: { userId: true }, take: PER_SOURCE_LIMIT }),
    db.protectionPaddock.findMany({ where: { name: containing(text) }, select: { application: { select: { userId: true } } }, take: PER_SOURCE_LIMIT }),
  ]);
  add(
    matches,
    byName.map((row) => row.id),
    'name',
  );
  add(
    matches,
    byBusiness.map((row) => row.id),
    'business',
  );
  add(
    matches,
    byEmail.map((row) => row.id),
    'email',
  );
  add(matches, [...byPostal.map((row) => row.id), ...ids(appsByPostal)], 'postal_address');
  add(matches, [...ids(appsByFarm), ...ids(draftsByFarm)], 'farm_address');
  add(matches, [...ids(farmPaddocks), ...applicationPaddocks.map((row) => row.application.userId)], 'paddock');
}

async function keyMatches(db: Database, provider: DatabaseProvider, q: string): Promise<{ keyKind: SearchKeyKind; matches: Matches }> {
  const key = classifySearchKey(q);
  const matches: Matches = new Map();
  switch (key.kind) {
    case 'email': {
      const complete = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(key.email);
      const rows = await db.user.findMany({ where: complete ? { OR: [{ email: key.email }, { pendingEmail: key.email }] } : { email: { contains: key.email } }, select: { id: true }, take: PER_SOURCE_LIMIT });
      add(
        matches,
        rows.map((row) => row.id),
        'email',
      );
      break;
    }
    case 'application': {
      const application = await db.protectionApplication.findUnique({ where: { reference: key.reference }, select: { userId: true } });
      if (application) add(matches, [application.userId], 'application');
      break;
    }
    case 'claim': {
      const claim = await db.claim.findUnique({ where: { reference: key.reference }, select: { userId: true } });
      if (claim) add(matches, [claim.userId], 'claim');
      break;
    }
    case 'invoice': {
      const invoice = await db.invoice.findUnique({ where: { number: key.number }, select: { userId: true } });
      if (invoice) add(matches, [invoice.userId], 'invoice');
      break;
    }
    case 'receipt': {
      const payment = await db.invoicePayment.findUnique({ where: { receiptNumber: key.number }, select: { invoice: { select: { userId: true } } } });
      if (payment) add(matches, [payment.invoice.userId], 'receipt');
      break;
    }
    case 'record_id': {
      const user = await db.user.findUnique({ where: { id: key.id }, select: { id: true } });
      if (user) add(matches, [user.id], 'account');
      break;
    }
    case 'abn': {
      const rows = await db.user.findMany({ where: { abn: key.abn }, select: { id: true }, take: PER_SOURCE_LIMIT });
      add(
        matches,
        rows.map((row) => row.id),
        'abn',
      );
      break;
    }
    case 'phone': {
      const rows = await db.user.findMany({ where: { phone: { in: key.variants } }, select: { id: true }, take: PER_SOURCE_LIMIT });
      add(
        matches,
        rows.map((row) => row.id),
        'phone',
      );
      break;
    }
    case 'text':
      await textMatches(db, provider, key.text, matches);
      break;
  }
  return { keyKind: key.kind, matches };
}

/** One page of the people the text finds, by name, with why each was found. */
export async function lookUpPeople(db: Database, provider: DatabaseProvider, { q, page, pageSize }: { q: string; page: number; pageSize: number }) {
  const { keyKind, matches } = await keyMatches(db, provider, q);
  // The people found (at most PER_SOURCE_LIMIT from each place) are put in name order here, not by
  // the database, whose byte order would put "de Grussa" after "Zed"; then one page is read whole.
  const found = await db.user.findMany({ where: { id: { in: [...matches.keys()] } }, select: { id: true, firstName: true, lastName: true } });
  const pageIds = found
    .sort((a, b) => bySurname(a, b) || (a.id < b.id ? -1 : 1))
    .slice((page - 1) * pageSize, page * pageSize)
    .map((person) => person.id);
  const byId = new Map((await db.user.findMany({ where: { id: { in: pageIds } } })).map((user) => [user.id, user]));
  const users = pageIds.flatMap((id) => byId.get(id) ?? []);
  const total = found.length;
  const people: PersonSummary[] = users.map((user) => ({
    id: user.id,
    name: displayName(user),
    email: user.email,
    phone: user.phone,
    businessName: user.businessName,
    createdAt: user.createdAt.toISOString(),
    locked: user.lockedAt !== null,
    matchedBy: [...(matches.get(user.id) ?? [])],
  }));
  return { keyKind, total, people };
}
