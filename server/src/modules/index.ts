import type { Router } from 'express';
import type { AppContext } from '../context';
import { healthRouter } from './health/health.router';
import { publicSiteRouter } from './public-site/public-site.router';

/** Every API router, mounted under /api in this order. Add a module's router here. */
export function apiRouters(context: AppContext): Router[] {
  return [healthRouter(context), publicSiteRouter(context)];
}
