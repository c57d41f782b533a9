import express, { Router } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { routeBySegment } from './route-by-segment';

function routerWith(routes: Record<string, string>): Router {
  const router = Router();
  for (const [path, answer] of Object.entries(routes)) router.get(path, (_req, res) => void res.send(answer));
  return router;
}

function appOf(...routers: Router[]) {
  const app = express();
  app.use('/api', routeBySegment(routers));
  app.use('/api', (_req, res) => void res.status(404).send('no API route'));
  return app;
}

describe('API routers reached by the first segment of the path', () => {
  it('answers each call from the router that serves its segment', async () => {
    const app = appOf(routerWith({ '/health': 'health' }), routerWith({ '/pricing/zones': 'zones', '/pricing/calculate': 'calculate' }), routerWith({ '/admin/pricing': 'admin pricing' }));
    expect((await request(app).get('/api/pricing/calculate')).text).toBe('calculate');
    expect((await request(app).get('/api/admin/pricing')).text).toBe('admin pricing');
    expect((await request(app).get('/api/health')).text).toBe('health');
  });

  it('keeps the mounting order within a segment: the earlier router answers a path both serve', async () => {
    const app = appOf(routerWith({ '/admin/people': 'first' }), routerWith({ '/admin/people': 'second', '/admin/claims': 'claims' }));
    expect((await request(app).get('/api/admin/people')).text).toBe('first');
    expect((await request(app).get('/api/admin/claims')).text).toBe('claims');
  });

  it('passes a call no router serves on to what follows, as an unknown segment or an unknown path in a known one', async () => {
    const app = appOf(routerWith({ '/pricing/zones': 'zones' }));
    expect((await request(app).get('/api/nothing-here')).text).toBe('no API route');
    expect((await request(app).get('/api/pricing/nothing')).text).toBe('no API route');
  });

  it('matches paths regardless of case, as Express does', async () => {
    const app = appOf(routerWith({ '/pricing/zones': 'zones' }));
    expect((await request(app).get('/api/Pricing/Zones')).text).toBe('zones');
  });

  it('keeps a route whose first segment is a parameter, and router-wide middleware, in every segment', async () => {
    const wide = Router();
    wide.use((_req, res, next) => {
      res.set('X-Wide', 'seen');
      next();
    });
    const app = appOf(routerWith({ '/pricing/zones': 'zones' }), wide, routerWith({ '/:anything/echo': 'echo' }));
    const zones = await request(app).get('/api/pricing/zones');
    expect(zones.text).toBe('zones');
    const echo = await request(app).get('/api/pricing/echo');
    expect([echo.text, echo.headers['x-wide']]).toEqual(['echo', 'seen']);
    expect((await request(app).get('/api/other/echo')).text).toBe('echo');
  });

  it('hands an error from a router to the error handlers, past the routers after it', async () => {
    const failing = Router();
    failing.get('/claims/broken', () => {
      throw new Error('disk full');
    });
    const app = express();
    app.use('/api', routeBySegment([failing, routerWith({ '/claims/broken': 'never' })]));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).send(`handled: ${error.message}`));
    expect((await request(app).get('/api/claims/broken')).text).toBe('handled: disk full');
  });
});
