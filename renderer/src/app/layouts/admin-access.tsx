import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { RouteErrorScreen } from '../../components/ui/error-boundaries';
import { usePageTitle } from '../../lib/page-title';
import { logout } from '../../stores/session-store';
import { FORBIDDEN } from '../route-guards';
import styles from './admin-access.module.css';

/** docs/behaviour.md §8 text of the Access Denied state. */
export const ACCESS_DENIED_MESSAGE = "You don't have permission to access the admin dashboard.";

/**
 * The admin area's error element. A guard's 403 (a signed-in person without the role the page
 * needs) is docs/behaviour.md §4's Access Denied, with 'Go to Dashboard' and 'Sign Out'; any other failure is
 * the crash screen.
 */
export function AdminAreaError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== FORBIDDEN) return <RouteErrorScreen />;
  return <AccessDenied />;
}

function AccessDenied() {
  const navigate = useNavigate();
  usePageTitle('Access Denied');
  return (
    <div className="layout layout-admin" data-layout="admin">
      <main id="main" className={styles.denied}>
        <h1>Access Denied</h1>
        <p>{ACCESS_DENIED_MESSAGE}</p>
        <div className={styles.deniedActions}>
          <button type="button" className="button button-primary" onClick={() => navigate('/dashboard')}>
            Go to Dashboard
          </button>
          <button type="button" className="button" onClick={() => void logout()}>
            Sign Out
          </button>
        </div>
      </main>
    </div>
  );
}
