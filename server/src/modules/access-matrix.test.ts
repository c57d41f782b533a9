import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { csrfAgent, signedInAgent, type TestAgent } from '../testing/accounts';
import { ENDPOINTS } from '@shared/endpoints';
import { admittedBy, createMatrixUsers, endpointCalls, endpointKey, MATRIX_ROLES, type MatrixFixtures, type MatrixRole, matrixRows } from './access-matrix';

interface MountedRoute {
  method: string;
  route: string;
}

interface StackLayer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
}

/** Every route of the app's router stack, with the paths of the routers it is mounted under. */
function mountedRoutes(app: Express): MountedRoute[] {
  const routes: MountedRoute[] = [];
  const walk = (stack: StackLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods).filter((name) => layer.route!.methods[name] && name !== '_all')) {
          routes.push({ method: method.toUpperCase(), route: `${prefix}${layer.route.path}` });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, `${prefix}${typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: StackLayer[] } }).router.stack, '');
  return routes.filter((route) => route.route.startsWith('/api/'));
}

let testApp: TestApp;
const users = {} as MatrixFixtures['users'];
const agents = new Map<MatrixRole, TestAgent>();

async function signIn(role: MatrixRole) {
  agents.set(role, role === 'anonymous' ? await csrfAgent(testApp.app) : await signedInAgent(testApp.app, users[role].email));
}

beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  Object.assign(users, await createMatrixUsers(testApp.db));
  for (const role of MATRIX_ROLES) await signIn(role);
});
afterAll(() => testApp.close());

const rowKey = (row: { method: string; route: string }) => `${row.method} ${row.route}`;

describe('authorization matrix', () => {
  it('has a row for every route mounted under /api', () => {
    const rows = new Set(matrixRows.map(rowKey));
    const missing = mountedRoutes(testApp.app)
      .map(rowKey)
      .filter((key) => !rows.has(key));
    expect(missing, 'Declare these routes in shared/endpoints and serve them from there').toEqual([]);
  });

  const rowsByKey = new Map(matrixRows.map((row) => [rowKey(row), row]));
  it('has one row per route', () => {
    expect(rowsByKey.size).toBe(matrixRows.length);
  });

  it('mounts every endpoint of the table', () => {
    const mounted = new Set(mountedRoutes(testApp.app).map(rowKey));
    expect(ENDPOINTS.map(endpointKey).filter((key) => !mounted.has(key))).toEqual([]);
  });

  it('calls only endpoints of the table in endpointCalls, and a record rule there only narrows who the endpoint admits', () => {
    const byKey = new Map(ENDPOINTS.map((definition) => [endpointKey(definition), definition]));
    for (const [key, call] of Object.entries(endpointCalls)) {
      const definition = byKey.get(key);
      expect(definition, `${key} is not in shared/endpoints`).toBeDefined();
      const admitted = admittedBy(definition!.access);
      if (call.allowed && admitted !== 'everyone')
        expect(
          call.allowed.filter((role) => !admitted.includes(role)),
          key,
        ).toEqual([]);
    }
  });

  for (const row of matrixRows) {
    it(`${rowKey(row)}: ${row.allowed === 'everyone' ? 'everyone' : row.allowed.join(', ') || 'nobody'} get through`, async () => {
      const outcome: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const role of MATRIX_ROLES) {
        const agent = agents.get(role)!;
        const send = (method: string, path: string, body?: object) => {
          const call = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
          return body === undefined ? call : call.send(body);
        };
        const fixtures: MatrixFixtures = { db: testApp.db, users, as: role, call: (method, path, body) => send(method, path, body) };
        const { path, body } = row.request ? await row.request(fixtures) : { path: row.route, body: undefined };
        const response = await send(row.method, path, body);
        const refused = [401, 403, ...(row.refusalStatuses ?? [])].includes(response.status);
        outcome[role] = refused ? `refused (${response.status})` : 'through';
        expected[role] = row.allowed === 'everyone' || row.allowed.includes(role) ? 'through' : 'refused';
        expect(response.status, `${role}: ${JSON.stringify(response.body)}`).not.toBe(500);
        if (row.changesSession) await signIn(role);
      }
      const simplified = Object.fromEntries(Object.entries(outcome).map(([role, result]) => [role, result.startsWith('refused') ? 'refused' : result]));
      expect(simplified, JSON.stringify(outcome)).toEqual(expected);
    });
  }
});

describe('the route walk itself', () => {
  it('finds routes of routers mounted under /api', () => {
    const found = mountedRoutes(testApp.app).map(rowKey);
    expect(found).toContain('GET /api/auth/session');
    expect(found).toContain('POST /api/admin/support/enter');
  });
});
