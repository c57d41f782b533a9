import helmet from 'helmet';
import { WEB_CSP_DIRECTIVES } from '../../../shared/content-security-policy';

/** Security headers; the CSP's directives are shared with the desktop console (shared/content-security-policy.ts). */
export function securityHeaders({ isProduction }: { isProduction: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        ...WEB_CSP_DIRECTIVES,
        'upgrade-insecure-requests': isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isProduction,
  });
}
