import { Link } from 'react-router';
import type { GeoJsonArea } from '@shared/contracts/protection';
import { zoneOutlinePath } from '@shared/domain/pricing/zone-outline';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { AdminPageHeader, ListEmpty, ListError, ListLoading } from '../../components/admin/admin-ui';
import { useAgricultureZones } from '../../api/get-agriculture-zones';

const RISK_TONE = { low: 'success', moderate: 'brand', high: 'danger' } as const;

function ZoneOutline({ boundary, name }: { boundary: GeoJsonArea; name: string }) {
  return (
    <svg className={ops.outline} viewBox="0 0 80 64" role="img" aria-label={`Outline of ${name}`}>
      <path d={zoneOutlinePath(boundary, 80, 64, 4)} />
    </svg>
  );
}

/** /admin/agriculture-zones: the risk zones quotes are priced in, with their rates and outlines. */
export default function AgricultureZonesPage() {
  const zones = useAgricultureZones();
  return (
    <section>
      <AdminPageHeader title="Agriculture zones">
        The risk zones of the WA grain belt. A paddock is priced at the rates of the zone it lies in (percent of the value protected). Change rates under{' '}
        <Link to="/admin/agriculture-zones-comprehensive">Zone Pricing Management</Link>.
      </AdminPageHeader>
      {zones.isPending && <ListLoading label="Loading zones…" />}
      {zones.isError && <ListError query={zones} fallback="The list could not be loaded. Check your connection and try again." />}
      {zones.isSuccess && zones.data.length === 0 && <ListEmpty>No active zones. Quotes cannot be priced until a zone is active.</ListEmpty>}
      {zones.isSuccess && zones.data.length > 0 && (
        <table className={styles.table} aria-busy={zones.isFetching}>
          <caption className="visually-hidden">Agriculture zones and their rates</caption>
          <thead>
            <tr>
              <th scope="col">Outline</th>
              <th scope="col">Code</th>
              <th scope="col">Name</th>
              <th scope="col">Risk</th>
              <th scope="col">Hail</th>
              <th scope="col">Fire</th>
              <th scope="col">Hail and fire</th>
            </tr>
          </thead>
          <tbody>
            {zones.data.map((zone) => (
              <tr key={zone.code}>
                <td data-label="Outline">
                  <ZoneOutline boundary={zone.boundary} name={zone.name} />
                </td>
                <td data-label="Code">
                  <code>{zone.code}</code>
                </td>
                <td data-label="Name">{zone.name}</td>
                <td data-label="Risk">
                  <span className={styles.badge} data-tone={RISK_TONE[zone.riskLevel]}>
                    {zone.riskLevel}
                  </span>
                </td>
                <td data-label="Hail">{zone.hailRate}%</td>
                <td data-label="Fire">{zone.fireRate}%</td>
                <td data-label="Hail and fire">{zone.bothRate}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
