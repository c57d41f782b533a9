import type { DesktopBridge } from './bridge-types';

declare global {
  interface Window {
    /** Present only inside the desktop console. */
    desktop?: DesktopBridge;
  }
}
