// Lint: TypeScript rules plus the import directions of docs/architecture.md, enforced here so
// nobody has to remember them.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Ways a string becomes HTML in the page; map labels go through components/map/map-text.ts. */
const htmlSinks = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render text as React children; member text is never HTML.' },
  { selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]', message: 'Build elements with textContent; member text is never HTML.' },
  { selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|write|writeln)$/]', message: 'Build elements with textContent; member text is never HTML.' },
  {
    selector: 'CallExpression[callee.property.name=/^(bindTooltip|bindPopup|setTooltipContent|setPopupContent|setContent)$/]',
    message: 'Leaflet reads strings as HTML: use setTextTooltip / mapLabel of components/map/map-text.ts.',
  },
  {
    selector: "CallExpression[callee.property.name='divIcon'] Property[key.name='html'][value.type!='Literal']",
    message: 'A divIcon takes a constant of the code only; put words in a tooltip made by map-text.ts.',
  },
];

/**
 * Server data reaches a component through TanStack Query, from one file per endpoint in the
 * feature's api/ folder (docs/architecture.md, 'Server data in the renderer'). A call of the data
 * client or fetch anywhere inside an effect's callback is the hand-made fetcher this replaces.
 */
const effectHooks = 'CallExpression:matches([callee.name=/^use(Layout|Insertion)?Effect$/], [callee.property.name=/^use(Layout|Insertion)?Effect$/])';
const serverCalls = "CallExpression:matches([callee.name=/^(apiRequest|apiFile|fetch)$/], [callee.property.name='fetch'])";
export const fetchInEffect = {
  selector: `${effectHooks} > :function ${serverCalls}`,
  message: "Don't fetch in an effect: put the call in the feature's api/ folder (a …QueryOptions + use… hook, or a mutation) and use the hook. See docs/architecture.md.",
};

/**
 * The same hand-made fetcher one name removed: a function imported from a feature's api/ folder
 * (`../api/get-account`), called inside an effect's callback. Hooks (`use…`) are left to the rules
 * of hooks. Calls through a store or a helper defined elsewhere are still for review to catch.
 */
const apiCallInEffect = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const fetchers = new Set();
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !/(^|\/)api\/[^/]+$/.test(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.importKind !== 'type' && !/^use[A-Z]/.test(specifier.local.name)) fetchers.add(specifier.local.name);
        }
      },
      [`${effectHooks} > :function CallExpression[callee.type='Identifier']`](node) {
        if (fetchers.has(node.callee.name)) context.report({ node, message: fetchInEffect.message });
      },
    };
  },
};

/**
 * Comments say why in the project's own words and point to docs/, never to an issue by number: the
 * issue tracker is not in the repository, so a number pointing there tells the next reader nothing.
 * Another project's issue, written with its # ("Leaflet issue #9575"), is a reference, not ours.
 */
const ISSUE_NUMBER_IN_COMMENT = 'A comment names an issue by number; say the reason in the comment or in docs/ and point there.';
/** The behaviour contract the project was built from is not in the repository either; its rules are in docs/behaviour.md, by the same section numbers. */
const SPEC_SECTION_IN_COMMENT = 'A comment cites the SPEC, which is not in the repository; cite docs/behaviour.md §n, which states the rule.';
const noIssueNumbers = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (/\bissue\s+\d+/i.test(comment.value)) context.report({ loc: comment.loc, message: ISSUE_NUMBER_IN_COMMENT });
          if (/\bSPEC\s*§/.test(comment.value)) context.report({ loc: comment.loc, message: SPEC_SECTION_IN_COMMENT });
        }
      },
    };
  },
};

/** Every image the server opens gets a pixel limit (docs/security.md): sharp only through server/src/lib/images.ts. */
const SHARP_MESSAGE = 'Open images with openImage() or readImageSize() of server/src/lib/images.ts, which set the pixel limit.';
const waitingForTime = {
  selector: "CallExpression[callee.property.name='waitForTimeout']",
  message: 'Wait for what the page shows (expect…toBe…, expect.poll), a request (waitForRequest), two frames (nextFrames of e2e/support/pages.ts) or a moved clock (page.clock.runFor), not for a time.',
};
/** Screenshots go through one helper, which CI switches off (E2E_SCREENSHOTS=off in .ci/run): nobody looks at CI's. */
const screenshotByHand = {
  selector: "CallExpression[callee.property.name='screenshot']",
  message: 'Take screenshots with saveScreenshot or shootAtWidths of e2e/support/screenshots.ts, which CI switches off.',
};
const sharpImport = { selector: "ImportExpression[source.value='sharp']", message: SHARP_MESSAGE };

/** A route reads its address through validate() (docs/architecture.md, 'Server routes'): a 400 that says what is wrong, never a string cast. */
const requestAddress = {
  selector: "MemberExpression[object.name='req'][property.name=/^(params|query)$/]",
  message: 'Read the address through validate({ params, query }) and its input(req), with schemas from shared/contracts.',
};

/** A router's handler calls a command; the command holds the operation's transaction (docs/architecture.md, 'Commands'). */
const transactionInRouter = {
  selector: "CallExpression[callee.property.name='$transaction']",
  message:
    "A router does not open a transaction: put the operation's writes in a named command of the module's service and call it (docs/architecture.md, 'Commands: every write of one operation in one transaction').",
};

/** Every route is a record of the endpoint table, served from it (docs/architecture.md, 'Server routes'): none is written out by hand. */
const routeByHand = {
  selector: "CallExpression[callee.object.name='router'][callee.property.name=/^(get|post|put|patch|delete|all)$/]",
  message: "Declare the route in shared/endpoints and serve it with serve(endpoint)({ load, handle }) of server/src/middleware/serve.ts (docs/architecture.md, 'Server routes').",
};

/** Every folder under renderer/src/features is a feature, fenced from the others. */
const features = readdirSync(new URL('./renderer/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['node_modules/', 'out/', 'dist/', 'release/', 'renderer/dist/', 'server/src/generated/', 'prisma/postgresql/', '.tmp/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, project: { rules: { 'no-issue-numbers': noIssueNumbers } } },
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    settings: { 'import-x/resolver': { typescript: { project: ['tsconfig.node.json', 'tsconfig.web.json'], noWarnOnMultipleProjects: true } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'project/no-issue-numbers': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared', from: ['./server', './renderer', './electron', './scripts', './e2e', './bench'], message: 'shared/ imports nothing else of the repository.' },
            {
              target: './shared/contracts',
              from: './shared/domain',
              message:
                'A request shape does not depend on a rule: shared/contracts never imports shared/domain (domain may import contracts). Move the vocabulary into the contract, or a pure helper to a base module at the shared/ root (docs/architecture.md).',
            },
            { target: './renderer', from: ['./server', './electron/main'], message: 'The renderer talks to the server over HTTP and to Electron through the preload bridge only.' },
            { target: './renderer', from: './electron/preload', except: ['./bridge.d.ts', './bridge-types.ts'], message: 'The renderer may import only the preload bridge types.' },
            { target: './server', from: ['./renderer', './electron'], message: 'The server does not import client code.' },
            { target: './electron', from: ['./server', './renderer/src'], message: 'Electron reaches the renderer by URL and the server over HTTP.' },
            { target: './renderer/src/features', from: './renderer/src/app', message: 'Features do not import the app: the app composes features (docs/architecture.md).' },
            ...features.map((feature) => ({
              target: `./renderer/src/features/${feature}`,
              from: './renderer/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in renderer/src/app.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'renderer-data': { rules: { 'api-call-in-effect': apiCallInEffect } } },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'renderer-data/api-call-in-effect': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Text from people is text (docs/security.md): no HTML strings reach the page.
      'no-restricted-syntax': ['error', ...htmlSinks, fetchInEffect],
    },
  },
  {
    // The one place that hands Leaflet its label content, built from text nodes.
    files: ['renderer/src/components/map/map-text.ts'],
    rules: { 'no-restricted-syntax': ['error', fetchInEffect] },
  },
  {
    files: ['scripts/**', 'bench/**', 'server/src/index.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Every image the server opens gets a pixel limit (docs/security.md): sharp only through server/src/lib/images.ts.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/lib/images.ts', 'server/src/**/*.test.ts', 'server/src/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'sharp', message: SHARP_MESSAGE }] }],
      'no-restricted-syntax': ['error', sharpImport],
    },
  },
  {
    // The layers under the modules (docs/architecture.md): lib/ and db/ serve the modules and the jobs and never import them.
    files: ['server/src/lib/**/*.ts', 'server/src/db/**/*.ts'],
    ignores: ['server/src/lib/images.ts', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'sharp', message: SHARP_MESSAGE }],
          patterns: [{ regex: '(^|/)(modules|jobs)/', message: 'lib/ and db/ are below the modules and jobs: pass what they need in, or move the shared part down here.' }],
        },
      ],
    },
  },
  {
    // A block's no-restricted-syntax list replaces an earlier block's for the same file, so each
    // list below repeats the ones before it that still apply.
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', sharpImport, requestAddress] },
  },
  {
    files: ['server/src/modules/**/*.router.ts'],
    rules: { 'no-restricted-syntax': ['error', sharpImport, requestAddress, transactionInRouter, routeByHand] },
  },
  {
    // Browser tests wait for what a person would see, never for a length of time (docs/operations.md),
    // and take `test` from e2e/support/fixtures.ts, whose administrator is the test's own.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from e2e/support/fixtures.ts: its administrator fixture is the test's own, so tests running side by side never share one.",
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', waitingForTime, screenshotByHand],
    },
  },
  {
    files: ['e2e/support/screenshots.ts'],
    rules: { 'no-restricted-syntax': ['error', waitingForTime] },
  },
  {
    // A broker's chosen client is part of the address (docs/dashboard.md): every link of the member area keeps it, through member-scope.tsx.
    files: ['renderer/src/features/dashboard/**/*.tsx', 'renderer/src/app/layouts/member-layout.tsx'],
    ignores: ['renderer/src/features/dashboard/member-scope.tsx', 'renderer/src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Use MemberLink or MemberNavLink of features/dashboard/member-scope.tsx, which keep a broker’s chosen client (?member=) in the address.',
            },
          ],
        },
      ],
    },
  },
);
