/** The customer as staff in a support session see them: their account, their drafts and saved estimates, and the session's level. */
import type { SupportPermissionLevel } from '@shared/constants';
import type { SupportCustomerData } from '@shared/contracts/support';
import type { User } from '../generated/prisma/client';

interface CustomerRecords {
  drafts: ReadonlyArray<{ id: string; step: string; status: string; updatedAt: Date }>;
  savedEstimates: ReadonlyArray<{ id: string; createdAt: Date }>;
}

export function presentSupportCustomer(customer: User & CustomerRecords, permissionLevel: SupportPermissionLevel): SupportCustomerData {
  const { id, email, firstName, lastName, phone, address, businessName, abn, isBroker, createdAt } = customer;
  return {
    success: true,
    customer: { id, email, firstName, lastName, phone, address, businessName, abn, isBroker, createdAt: createdAt.toISOString() },
    drafts: customer.drafts.map((draft) => ({ ...draft, updatedAt: draft.updatedAt.toISOString() })),
    savedEstimates: customer.savedEstimates.map((estimate) => ({ ...estimate, createdAt: estimate.createdAt.toISOString() })),
    permissionLevel,
  };
}
