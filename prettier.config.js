// The formatting the code already has: single quotes, trailing commas, and long lines —
// a statement stays on one line up to about 200 characters. 210 is the width at which
// `prettier --check` finds the fewest files to change in the code as written.
/** @type {import('prettier').Config} */
export default {
  printWidth: 210,
  singleQuote: true,
  trailingComma: 'all',
  // html`…` templates build e-mails: their whitespace is output, so Prettier must not re-indent them.
  embeddedLanguageFormatting: 'off',
  overrides: [
    // YAML files quote with double quotes, as electron-builder's documentation does.
    { files: ['*.yml', '*.yaml'], options: { singleQuote: false } },
  ],
};
