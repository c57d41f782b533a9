/**
 * What of a person a viewer may see: whether a person's contact details (e-mail
 * address, phone, postal address, business) are shown to the one asking. Support staff act for
 * customers only (`canSupportCustomer`), so a support worker who is not an administrator is shown
 * no staff account: not an administrator's, not a colleague's. Administrators see everyone's, and
 * everyone sees their own. The presenters apply it to every list of people staff can open; a list
 * leaves out whom the viewer may not see, so neither a row nor a search match gives them away.
 */
import { isAdministrator, isStaffAccount, type RoleHolder } from './permissions';

export function mayViewContactDetails(viewer: RoleHolder & { id: string }, person: RoleHolder & { id: string }): boolean {
  return viewer.id === person.id || isAdministrator(viewer) || !isStaffAccount(person);
}
