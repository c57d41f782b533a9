import { ApplicationsList } from './member-paddocks-page';

/** /admin/applications: the applications members have submitted, to review and move along; accepting one issues the member’s invoices. */
export default function ApplicationsPage() {
  return (
    <ApplicationsList
      title="Applications"
      intro="Applications members have submitted, newest first, with the paddocks, crops and values on each. Move an application along once it is reviewed; accepting it issues the member’s invoices."
    />
  );
}
