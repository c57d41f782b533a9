import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { TIMELINE_KINDS, type TimelineEntry, type TimelineKind, userLookupFormSchema, userTrackingFilterFormSchema, visitorSessionFormSchema } from '@shared/contracts/people';
import { TIMELINE_KIND_LABELS } from '@shared/domain/people/timeline';
import { formatDate, formatNumber, formatTimeWithSeconds } from '@shared/format';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { SelectField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { useFindVisitor } from './api/find-visitor';
import { TIMELINE_PAGE_SIZE, type TimelineFilters, useTimeline } from './api/get-timeline';
import people from './people.module.css';

const KIND_OPTIONS = [{ value: '', label: 'Every kind' }, ...TIMELINE_KINDS.map((kind) => ({ value: kind, label: TIMELINE_KIND_LABELS[kind] }))];

/** /admin/user-tracking[/:userId]: a person's timeline, or where to start one (a person, or a visitor's browser tab). */
export default function UserTrackingPage() {
  const { userId } = useParams();
  return userId ? <Timeline userId={userId} /> : <StartTracking />;
}

function StartTracking() {
  const navigate = useNavigate();
  const personForm = useZodForm(userLookupFormSchema, { q: '' });
  // An error report's Session links here with the id filled in (error-group-page.tsx).
  const [params] = useSearchParams();
  const visitorForm = useZodForm(visitorSessionFormSchema, { sessionId: params.get('session') ?? '' });
  const findVisitor = useFindVisitor();
  return (
    <section>
      <AdminPageHeader title="User Tracking">
        A person’s timeline: sign-ins, wizard steps, drafts, estimates, submissions, claims, payments, support sessions and what staff changed. Start from a person, or from a visitor’s browser tab session.
      </AdminPageHeader>
      <Form form={personForm} className={styles.filters} role="search" aria-label="Find a person" onSubmit={({ q }) => navigate(`/admin/user-lookup?${new URLSearchParams({ q })}`)}>
        <TextField name="q" label="Find a person" type="search" placeholder="name, e-mail, phone, claim number…" />
        <div className={styles.filterActions}>
          <button type="submit" className="button button-primary">
            Find
          </button>
        </div>
      </Form>
      <Form
        form={visitorForm}
        className={styles.filters}
        aria-label="Start from a visitor session"
        failureMessage="The visitor session could not be looked up. Check your connection and try again."
        onSubmit={async ({ sessionId }) => {
          const found = await findVisitor.mutateAsync(sessionId);
          navigate(`/admin/user-tracking/${encodeURIComponent(found.person.id)}?${new URLSearchParams({ visitor: sessionId })}`);
        }}
      >
        <TextField name="sessionId" label="Visitor session id" hint="The Session of an error report (Insights, Errors). Shows the person the visitor registered or signed in as." />
        <div className={styles.filterActions}>
          <button type="submit" className="button">
            Open their timeline
          </button>
        </div>
        <div className={people.fullRow}>
          <FormError />
        </div>
      </Form>
    </section>
  );
}

function Timeline({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const kind = TIMELINE_KINDS.find((known) => known === params.get('kind')) ?? '';
  const applied: TimelineFilters = { from: params.get('from') ?? '', to: params.get('to') ?? '', kind };
  const visitor = params.get('visitor');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const form = useZodForm(userTrackingFilterFormSchema, applied);
  const timeline = useTimeline(userId, applied, page);

  const apply = (filters: TimelineFilters, nextPage = 1) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) next.set(key, value);
    if (visitor) next.set('visitor', visitor);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };
  const showKind = (chosen: TimelineKind | '') => {
    form.setValue('kind', chosen);
    apply({ ...applied, kind: chosen });
  };
  const isFiltered = Boolean(applied.from || applied.to || applied.kind);

  return (
    <section>
      <p>
        <Link to={`/admin/user-lookup/${encodeURIComponent(userId)}`}>← The person’s page</Link>
      </p>
      <AdminPageHeader title={timeline.isSuccess ? `Timeline: ${timeline.data.person.name}` : 'Timeline'}>
        {timeline.isSuccess ? `${timeline.data.person.email}. ` : ''}Newest first, in Perth time. Client addresses are masked.
      </AdminPageHeader>
      {visitor && (
        <p className={styles.notice} role="status">
          Opened from visitor session <code>{visitor}</code>: the events that tab sent before signing in are on this timeline, marked “before signing in”.
        </p>
      )}
      <Form form={form} className={styles.filters} aria-label="Filter the timeline" onSubmit={(filters) => apply({ from: filters.from, to: filters.to, kind: filters.kind })}>
        <TextField name="from" label="From" type="date" />
        <TextField name="to" label="To" type="date" />
        <SelectField name="kind" label="Kind" options={KIND_OPTIONS} />
        <div className={styles.filterActions}>
          <button type="submit" className="button button-primary">
            Show entries
          </button>
          {isFiltered && (
            <button
              type="button"
              className="button"
              onClick={() => {
                form.reset({ from: '', to: '', kind: '' });
                apply({ from: '', to: '', kind: '' });
              }}
            >
              Clear filters
            </button>
          )}
        </div>
      </Form>

      {timeline.isPending && <ListLoading label="Loading the timeline…" />}
      {timeline.isError && <ListError query={timeline} fallback="The timeline could not be loaded. Check your connection and try again." />}
      {timeline.isSuccess && (
        <>
          <ul className={people.kinds} aria-label="Entries of each kind in these dates">
            {TIMELINE_KINDS.filter((each) => timeline.data.counts[each] > 0).map((each) => (
              <li key={each}>
                <button type="button" className={`button ${styles.linkButton}`} aria-pressed={kind === each} onClick={() => showKind(kind === each ? '' : each)}>
                  {TIMELINE_KIND_LABELS[each]}: {formatNumber(timeline.data.counts[each])}
                </button>
              </li>
            ))}
          </ul>
          {timeline.data.entries.length === 0 ? (
            <ListEmpty>{isFiltered ? 'Nothing of this kind in these dates.' : 'Nothing recorded for this person yet.'}</ListEmpty>
          ) : (
            <>
              <ol className={people.timeline} aria-busy={timeline.isFetching} aria-label="Timeline, newest first">
                {timeline.data.entries.map((entry) => (
                  <Entry key={entry.id} entry={entry} />
                ))}
              </ol>
              <Pager page={page} pageSize={TIMELINE_PAGE_SIZE} total={timeline.data.total} noun="entry" nouns="entries" onPage={(next) => apply(applied, next)} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function Entry({ entry }: { entry: TimelineEntry }) {
  return (
    <li>
      <time className={people.when} dateTime={entry.at}>
        {formatDate(entry.at)} {formatTimeWithSeconds(entry.at)}
      </time>
      <span className={styles.badge} data-tone={entry.kind === 'staff_change' || entry.kind === 'support' ? 'brand' : undefined}>
        {TIMELINE_KIND_LABELS[entry.kind]}
      </span>{' '}
      <span className={people.title}>{entry.title}</span>
      {entry.detail && <div className={styles.muted}>{entry.detail}</div>}
      {entry.byStaff && <div className={styles.muted}>By {entry.byStaff}</div>}
    </li>
  );
}
