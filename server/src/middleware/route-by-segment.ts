/**
 * The API's routers reached by their path's first segment (/api/<segment>/…): a call walks only the
 * routers that serve its segment, not every route of every router mounted before its own (pricing's
 * router was the 13th of 39, about 70 routes in). Within a segment the routers keep their order, so
 * the route that answers a call is the one that answered it when all were mounted in a row.
 */
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

type RouterLayer = { route?: { path?: unknown } };

/** The first segment of a route's path, or undefined when the route (or a router-wide middleware) may serve any. */
function literalFirstSegment(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const segment = path.split('/')[1] ?? '';
  return segment === '' || /[:*{(]/.test(segment) ? undefined : segment.toLowerCase();
}

/** The handler carries its routers' layers as `stack`, as a Router does, so a listing of the app's routes (the access matrix) still finds them. */
export function routeBySegment(routers: readonly Router[]): RequestHandler & { stack: Router['stack'] } {
  const anySegment: Router[] = [];
  const bySegment = new Map<string, Router[]>();
  for (const router of routers) {
    const segments = (router.stack as RouterLayer[]).map((layer) => literalFirstSegment(layer.route?.path));
    if (segments.includes(undefined)) anySegment.push(router);
    else for (const segment of new Set(segments as string[])) bySegment.set(segment, [...(bySegment.get(segment) ?? []), router]);
  }
  // A router that may serve any segment keeps its place among each segment's routers.
  const candidates = new Map<string, Router[]>();
  for (const segment of bySegment.keys())
    candidates.set(
      segment,
      routers.filter((router) => anySegment.includes(router) || bySegment.get(segment)!.includes(router)),
    );

  const dispatch = (req: Request, res: Response, next: NextFunction) => {
    // Express matches routes without regard to case, and so does this.
    const segment = (req.path.split('/')[1] ?? '').toLowerCase();
    const queue = candidates.get(segment) ?? anySegment;
    let index = 0;
    const tryNext = (error?: unknown) => {
      const router = queue[index++];
      if (error && error !== 'router') next(error);
      else if (!router) next();
      else router(req, res, tryNext);
    };
    tryNext();
  };
  return Object.assign(dispatch, { stack: routers.flatMap((router) => router.stack) });
}
