/** A broker's client as their Clients list shows them: who they are, their farm's size, quotes, protections, claims and the alerts over them now. */
import type { ClaimPeril } from '@shared/contracts/claims';
import type { ClientAccount, ClientView, ProtectionView } from '@shared/contracts/dashboard';
import { displayName } from '@shared/domain/accounts/display-name';
import type { User } from '../generated/prisma/client';
import { claimStatusOf } from './claim';

export interface ClientRecords {
  /** The client's own paddocks (Your Farm), if they keep a list. */
  farm: ReadonlyArray<{ areaHa: number }>;
  drafts: number;
  savedEstimates: number;
  protections: readonly ProtectionView[];
  claims: ReadonlyArray<{ id: string; reference: string; status: string; peril: string }>;
  /** The protection their renewal for the open season starts from, when one is due. */
  renewsFrom: ProtectionView | null;
  /** Their alerts standing now, newest first. */
  currentAlerts: ClientView['currentAlerts'];
}

export function presentClient(client: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'businessName' | 'phone'>, records: ClientRecords): ClientView {
  // Until the client keeps their own list, their farm is the paddocks of their latest protection.
  const farm = records.farm.length > 0 ? records.farm : (records.protections[0]?.paddocks.filter((paddock) => !paddock.isExcluded) ?? []);
  return {
    id: client.id,
    name: displayName(client),
    businessName: client.businessName,
    email: client.email,
    phone: client.phone,
    farm: { paddocks: farm.length, areaHa: Math.round(farm.reduce((sum, paddock) => sum + paddock.areaHa, 0) * 10) / 10 },
    quotes: { drafts: records.drafts, savedEstimates: records.savedEstimates },
    protections: records.protections.map(({ id, status, stage, season, coverageDescription, totalPayableCents }) => ({ id, status, stage, season, coverageDescription, totalPayableCents })),
    claims: records.claims.map((claim) => ({ id: claim.id, reference: claim.reference, status: claimStatusOf(claim.status), peril: (claim.peril === 'fire' ? 'fire' : 'hail') satisfies ClaimPeril })),
    renewal: records.renewsFrom ? { fromApplicationId: records.renewsFrom.id, reference: records.renewsFrom.reference, season: records.renewsFrom.season } : null,
    currentAlerts: records.currentAlerts.map(({ id, kind, title, paddocks }) => ({ id, kind, title, paddocks })),
  };
}

/** A client's account details, which the quote in their name starts from (the broker's own client only). */
export function presentClientAccount(client: User): ClientAccount {
  const { id, email, firstName, lastName, phone, address, businessName, abn, allowMarketing, referredByCode } = client;
  return { id, name: displayName(client), email, firstName, lastName, phone, address, businessName, abn, allowMarketing, referredByCode };
}
