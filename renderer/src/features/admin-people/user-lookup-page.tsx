import { Link, useSearchParams } from 'react-router';
import { type MatchField, userLookupFormSchema } from '@shared/contracts/people';
import { SEARCH_KEY_LABELS } from '@shared/domain/people/search-key';
import { formatDate } from '@shared/format';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { TextField } from '../../components/ui/form/fields';
import { Form, useZodForm } from '../../components/ui/form/form';
import { LOOKUP_PAGE_SIZE, useLookUpPeople } from './api/look-up-people';

const MATCH_LABELS: Record<MatchField, string> = {
  name: 'name',
  email: 'e-mail',
  phone: 'phone',
  abn: 'ABN',
  business: 'business',
  postal_address: 'postal address',
  farm_address: 'farm address',
  paddock: 'paddock',
  application: 'application',
  claim: 'claim',
  invoice: 'invoice',
  receipt: 'receipt',
  account: 'account id',
};

/** /admin/user-lookup: one box that finds a person by any key staff are given; the search is in the address, so it can be shared. */
export default function UserLookupPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const form = useZodForm(userLookupFormSchema, { q });
  const found = useLookUpPeople(q, page);
  const go = (nextQ: string, nextPage = 1) => setParams(nextPage > 1 ? { q: nextQ, page: String(nextPage) } : { q: nextQ });

  return (
    <section>
      <AdminPageHeader title="User Lookup">
        Find a person by name, e-mail, phone, ABN, postal or farm address, paddock name, or an application, claim, invoice or receipt number, then open everything the mutual holds of them.
      </AdminPageHeader>
      <Form form={form} className={styles.filters} role="search" onSubmit={(values) => go(values.q)}>
        <TextField name="q" label="Search for a person" type="search" placeholder="e.g. CLM-2026-00012, 0412 345 678 or Dryandra Road" />
        <div className={styles.filterActions}>
          <button type="submit" className="button button-primary">
            Find
          </button>
        </div>
      </Form>

      {q === '' && <ListEmpty>Type what you were given and press Find.</ListEmpty>}
      {q !== '' && found.isPending && <ListLoading label="Searching…" />}
      {found.isError && <ListError query={found} fallback="The search could not be run. Check your connection and try again." />}
      {found.isSuccess && (
        <p className={styles.muted} role="status">
          Read as {found.data.keyKind === 'text' ? 'words: ' : 'an '}
          {SEARCH_KEY_LABELS[found.data.keyKind]}. {found.data.total === 1 ? '1 person found.' : `${found.data.total} people found.`}
        </p>
      )}
      {found.isSuccess && found.data.people.length === 0 && <ListEmpty>No one matches “{q}”. Check the spelling, or try another key: an e-mail address or a claim number finds one person at once.</ListEmpty>}
      {found.isSuccess && found.data.people.length > 0 && (
        <>
          <table className={styles.table} aria-busy={found.isFetching}>
            <caption className="visually-hidden">People found, by surname</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Contact</th>
                <th scope="col">Business</th>
                <th scope="col">Found by</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {found.data.people.map((person) => (
                <tr key={person.id}>
                  <td data-label="Name">
                    <Link to={`/admin/user-lookup/${encodeURIComponent(person.id)}`}>{person.name}</Link>
                    {person.locked && (
                      <>
                        {' '}
                        <span className={styles.badge} data-tone="danger">
                          Locked
                        </span>
                      </>
                    )}
                  </td>
                  <td data-label="Contact">
                    <div>{person.email}</div>
                    {person.phone && <div className={styles.muted}>{person.phone}</div>}
                  </td>
                  <td data-label="Business">{person.businessName ?? '—'}</td>
                  <td data-label="Found by">
                    {person.matchedBy.map((field) => (
                      <span key={field} className={styles.badge} data-tone="brand">
                        {MATCH_LABELS[field]}
                      </span>
                    ))}
                  </td>
                  <td data-label="Joined">{formatDate(person.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pageSize={LOOKUP_PAGE_SIZE} total={found.data.total} noun="person" nouns="people" onPage={(next) => go(q, next)} />
        </>
      )}
    </section>
  );
}
