/** Support mode (docs/behaviour.md §6, §7): staff act on a customer's data without ever becoming the customer. */
import {
  supportCustomerDataQuerySchema,
  supportCustomerDataResponseSchema,
  supportEnterRequestSchema,
  supportEnterResponseSchema,
  supportExitRequestSchema,
  supportExitResponseSchema,
} from '../contracts/support';
import { endpoint } from './endpoint';

export const supportEndpoints = {
  enter: endpoint({
    method: 'POST',
    path: '/api/admin/support/enter',
    access: 'supportStaff',
    body: supportEnterRequestSchema,
    response: supportEnterResponseSchema,
    summary:
      'Enters support mode for a customer at `read`, or at `write` with `edit_quotes` as well; `adminUserId` must be the caller (else ‘Admin user not authenticated’); not one’s own account, and a staff account only for an administrator; audited.',
  }),
  exit: endpoint({
    method: 'POST',
    path: '/api/admin/support/exit',
    access: 'supportStaff',
    body: supportExitRequestSchema,
    response: supportExitResponseSchema,
    summary: 'Leaves support mode for that customer, with how long it lasted; audited.',
  }),
  customerData: endpoint({
    method: 'GET',
    path: '/api/admin/support/customer-data',
    access: 'supportStaff',
    query: supportCustomerDataQuerySchema,
    response: supportCustomerDataResponseSchema,
    summary: 'The customer’s account, drafts and saved estimates, only in support mode for that customer (403 otherwise); audited.',
  }),
};
