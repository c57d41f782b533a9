/**
 * The lint rules of eslint.config.js that keep the renderer on one pattern (docs/architecture.md,
 * 'Lint that keeps it so'), run through ESLint's Node API on small components as a page would be
 * written.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: repository });

/** The rule ids and messages ESLint reports for `code` as if it were a file of a feature. */
async function lint(code: string, path = 'renderer/src/features/quote/components/example.tsx') {
  const [result] = await eslint.lintText(code, { filePath: `${repository}${path}` });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const FETCH_IN_EFFECT = "Don't fetch in an effect: put the call in the feature's api/ folder (a …QueryOptions + use… hook, or a mutation) and use the hook. See docs/architecture.md.";

describe('a component that fetches in an effect fails lint', () => {
  it('with the data client called in the effect', async () => {
    const code = `import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

export function Hurdles() {
  const [hurdles, setHurdles] = useState<unknown>();
  useEffect(() => {
    apiRequest('GET', '/api/hurdles').then(setHurdles);
  }, []);
  return <p>{String(hurdles)}</p>;
}
`;
    expect(await lint(code)).toEqual([{ ruleId: 'no-restricted-syntax', message: FETCH_IN_EFFECT }]);
  });

  it('with fetch in an async function inside React.useEffect', async () => {
    const code = `import * as React from 'react';

export function Terms() {
  const [text, setText] = React.useState('');
  React.useEffect(() => {
    async function load() {
      const response = await window.fetch('/terms.txt');
      setText(await response.text());
    }
    void load();
  }, []);
  return <p>{text}</p>;
}
`;
    expect(await lint(code)).toEqual([{ ruleId: 'no-restricted-syntax', message: FETCH_IN_EFFECT }]);
  });

  it("with a fetcher of the feature's api/ folder called in the effect", async () => {
    const code = `import { useEffect, useState } from 'react';
import { getAccount } from '../api/get-account';

export function AccountName() {
  const [name, setName] = useState('');
  useEffect(() => {
    let cancelled = false;
    void getAccount().then(({ user }) => {
      if (!cancelled) setName(user.name);
    });
    return () => void (cancelled = true);
  }, []);
  return <p>{name}</p>;
}
`;
    expect(await lint(code)).toEqual([{ ruleId: 'renderer-data/api-call-in-effect', message: FETCH_IN_EFFECT }]);
  });

  it('and passes when the component uses the query hook of its api/ folder', async () => {
    const code = `import { useHurdles } from '../api/get-hurdles';

export function Hurdles() {
  const hurdles = useHurdles();
  if (hurdles.isPending) return <p role="status">Loading…</p>;
  return <p>{hurdles.isError ? 'Failed to load hurdle options' : hurdles.data.length}</p>;
}
`;
    expect(await lint(code)).toEqual([]);
  });
});

describe('the rules of hooks are errors', () => {
  it('reports a hook called conditionally and an effect that leaves out what it reads', async () => {
    const code = `import { useEffect, useState } from 'react';

export function Step({ id, optional }: { id: string; optional: boolean }) {
  const [title, setTitle] = useState('');
  useEffect(() => {
    setTitle(id.toUpperCase());
  }, []);
  if (optional) {
    useState(0);
  }
  return <h2>{title}</h2>;
}
`;
    const rules = (await lint(code)).map((message) => message.ruleId);
    expect(rules).toEqual(['react-hooks/exhaustive-deps', 'react-hooks/rules-of-hooks']);
  });
});

const ISSUE_NUMBER_IN_COMMENT = 'A comment names an issue by number; say the reason in the comment or in docs/ and point there.';

describe('a comment that names an issue by number fails lint', () => {
  it('in a server module as in a component', async () => {
    const code = `/** Sessions are read by user (issue 25 §8). */
export const sessionsByUser = true;
`;
    expect(await lint(code, 'server/src/lib/example.ts')).toEqual([{ ruleId: 'project/no-issue-numbers', message: ISSUE_NUMBER_IN_COMMENT }]);
    expect(await lint('// Why: docs/security.md, "Sessions".\nexport const sessionsByUser = true;\n', 'server/src/lib/example.ts')).toEqual([]);
  });

  it('and so does one that cites the SPEC, which is not in the repository either', async () => {
    expect(await lint("// SPEC §4 'Auto-save status'.\nexport const idle = true;\n", 'renderer/src/lib/example.ts')).toEqual([
      { ruleId: 'project/no-issue-numbers', message: 'A comment cites the SPEC, which is not in the repository; cite docs/behaviour.md §n, which states the rule.' },
    ]);
    expect(await lint("// docs/behaviour.md §4 'Auto-save status'.\nexport const idle = true;\n", 'renderer/src/lib/example.ts')).toEqual([]);
  });
});

describe("a browser test that takes Playwright's own test fails lint", () => {
  it('and passes with the one of e2e/support/fixtures.ts', async () => {
    const code = `import { expect, test } from '@playwright/test';
test('x', async ({ page }) => {
  await expect(page).toHaveURL('/');
});
`;
    expect(await lint(code, 'e2e/example.spec.ts')).toEqual([{ ruleId: 'no-restricted-imports', message: expect.stringContaining('Import test from e2e/support/fixtures.ts') }]);
    expect(await lint(code.replace("'@playwright/test'", "'./support/fixtures'"), 'e2e/example.spec.ts')).toEqual([]);
  });
});

describe('a browser test that waits for a length of time fails lint', () => {
  it('and passes when it waits for what the page shows', async () => {
    const waiting = `import { test } from './support/fixtures';
test('x', async ({ page }) => {
  await page.waitForTimeout(500);
});
`;
    const [problem] = await lint(waiting, 'e2e/example.spec.ts');
    expect(problem).toMatchObject({ ruleId: 'no-restricted-syntax' });
    expect(problem?.message).toContain('not for a time');
    expect(await lint(waiting.replace('page.waitForTimeout(500)', "page.getByRole('status').waitFor()"), 'e2e/example.spec.ts')).toEqual([]);
  });
});

describe('a browser test that takes a screenshot by hand fails lint', () => {
  it('and passes with the helper CI switches off', async () => {
    const shooting = `import { test } from './support/fixtures';
test('x', async ({ page }) => {
  await page.screenshot({ path: '.tmp/screenshots/x.png' });
});
`;
    const [problem] = await lint(shooting, 'e2e/example.spec.ts');
    expect(problem).toMatchObject({ ruleId: 'no-restricted-syntax', message: expect.stringContaining('saveScreenshot or shootAtWidths') });
    const helped = shooting
      .replace("import { test } from './support/fixtures';", "import { test } from './support/fixtures';\nimport { saveScreenshot } from './support/screenshots';")
      .replace('page.screenshot({', 'saveScreenshot(page, {');
    expect(await lint(helped, 'e2e/example.spec.ts')).toEqual([]);
  });
});

const CONTRACT_IMPORTS_DOMAIN =
  'A request shape does not depend on a rule: shared/contracts never imports shared/domain (domain may import contracts). Move the vocabulary into the contract, or a pure helper to a base module at the shared/ root (docs/architecture.md).';

describe('a contract that imports a domain rule fails lint', () => {
  it('and passes when it imports a base module at the shared/ root', async () => {
    const fromDomain = "import { VISIBLE_STEPS } from '../domain/quote/steps';\nexport const steps = [...VISIBLE_STEPS];\n";
    expect(await lint(fromDomain, 'shared/contracts/example.ts')).toEqual([
      { ruleId: 'import-x/no-restricted-paths', message: `Unexpected path "../domain/quote/steps" imported in restricted zone. ${CONTRACT_IMPORTS_DOMAIN}` },
    ]);
    expect(await lint("import { perthDay } from '../perth-time';\nexport const today = perthDay(new Date());\n", 'shared/contracts/example.ts')).toEqual([]);
  });

  it('while a domain rule may import a contract', async () => {
    expect(await lint("import { WIZARD_STEPS } from '../../contracts/quote-steps';\nexport const first = WIZARD_STEPS[0];\n", 'shared/domain/quote/example.ts')).toEqual([]);
  });
});

const TRANSACTION_IN_ROUTER =
  "A router does not open a transaction: put the operation's writes in a named command of the module's service and call it (docs/architecture.md, 'Commands: every write of one operation in one transaction').";

describe('a router that opens a transaction fails lint', () => {
  const router = (handler: string) => `import { farmEndpoints as endpoints } from '@shared/endpoints/farm';
import type { AppContext } from '../../context';
import { endpointRouter } from '../../middleware/serve';

export function exampleRouter(context: AppContext) {
  const { db } = context;
  const { router, serve } = endpointRouter(context);
  serve(endpoints.savePaddocks)({
    handle: async (req) => {
${handler}
      return { source: 'farm' as const, paddocks: [] };
    },
  });
  return router;
}
`;

  it('in either form, and passes when the handler calls a command of the service', async () => {
    const callback = router('    await db.$transaction(async (tx) => tx.farmPaddock.deleteMany({ where: { userId: String(req.body) } }));');
    const array = router('    await db.$transaction([db.farmPaddock.deleteMany({ where: { userId: String(req.body) } })]);');
    for (const code of [callback, array]) {
      expect(await lint(code, 'server/src/modules/example/example.router.ts')).toEqual([{ ruleId: 'no-restricted-syntax', message: TRANSACTION_IN_ROUTER }]);
    }
    const command = router('    await saveExample(db, String(req.body));').replace(
      "import { endpointRouter } from '../../middleware/serve';",
      "import { endpointRouter } from '../../middleware/serve';\nimport { saveExample } from './example.service';",
    );
    expect(await lint(command, 'server/src/modules/example/example.router.ts')).toEqual([]);
  });

  it("while the module's service may open one, and a router still reads its address through validate()", async () => {
    const service = `import type { Database } from '../../db/client';

export async function saveExample(db: Database, userId: string): Promise<void> {
  await db.$transaction(async (tx) => tx.farmPaddock.deleteMany({ where: { userId } }));
}
`;
    expect(await lint(service, 'server/src/modules/example/example.service.ts')).toEqual([]);
    const [problem] = await lint(router('    await db.farmPaddock.deleteMany({ where: { userId: String(req.params.id) } });'), 'server/src/modules/example/example.router.ts');
    expect(problem).toMatchObject({ ruleId: 'no-restricted-syntax' });
    expect(problem?.message).toContain('validate({ params, query })');
  });
});

const ROUTE_BY_HAND = "Declare the route in shared/endpoints and serve it with serve(endpoint)({ load, handle }) of server/src/middleware/serve.ts (docs/architecture.md, 'Server routes').";

describe('a route written out by hand in a router fails lint', () => {
  it('for every method, while a router served from the endpoint table passes', async () => {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const code = `import { Router } from 'express';

export function exampleRouter(): Router {
  const router = Router();
  router.${method}('/example', (_req, res) => {
    res.json({ success: true });
  });
  return router;
}
`;
      expect(await lint(code, 'server/src/modules/example/example.router.ts')).toEqual([{ ruleId: 'no-restricted-syntax', message: ROUTE_BY_HAND }]);
    }
  });
});
