import type { Router } from 'express';
import type { AppContext } from '../context';
import { healthRouter } from './health/health.router';

/** Every API router, mounted under /api in this order. Add a module's router here. */
export function apiRouters(context: AppContext): Router[] {
  return [healthRouter(context)];
}
