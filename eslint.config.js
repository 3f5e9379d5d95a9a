import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'
import vueParser from 'vue-eslint-parser'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'

/** Architecture boundaries, enforced: the core, shared code and the renderer never see Electron. */
const noElectron = { paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron.' }] }
const rendererOnlyBrowser = {
  paths: [
    { name: 'electron', message: 'The renderer reaches the outside world only through window.api.' },
    { name: 'keytar', message: 'Secrets never reach the renderer.' },
    { name: 'undici', message: 'Network calls are made by the core, over IPC.' },
  ],
  patterns: [{ group: ['node:*', 'fs', 'path', 'child_process', '**/electron/**'], message: 'The renderer has no Node.' }],
}

/** Test tools stay in tests: product code (and the test support it might grow) never imports them. */
const noTestTools = {
  paths: ['vitest', '@vue/test-utils', 'happy-dom', 'fast-check', 'playwright-core'].map((name) => ({
    name,
    message: 'Test tools belong in *.test.ts files and tests/ (test support lives in tests/support/).',
  })),
}
/** no-restricted-imports takes one option object per file: these add up the sets that apply. */
const restrict = (...sets) => ({ paths: sets.flatMap((s) => s.paths ?? []), patterns: sets.flatMap((s) => s.patterns ?? []) })
const tests = ['**/*.test.ts']
/** Not a test: every file of a folder but its *.test.ts (globs of import-x/no-restricted-paths). */
const shipped = (folder) => `./${folder}/**/!(*.test).{ts,vue}`

/**
 * Which room may import which (import-x/no-restricted-paths resolves every import to its file, so
 * `../../main/x` and `electron/main/x` are the same). See ARCHITECTURE.md.
 */
const layers = [
  { target: [shipped('electron'), shipped('renderer/src'), shipped('shared')], from: './tests', message: 'Product code never imports test support: tests/ imports it, not the other way.' },
  { target: './shared', from: ['./electron', './renderer'], message: 'shared/ is common ground: it imports neither side.' },
  { target: shipped('renderer/src'), from: './electron', message: 'The renderer reaches the outside only through window.api (shared/ipc).' },
  {
    target: shipped('electron/core'),
    from: ['./electron/main', './electron/preload', './renderer'],
    message: 'The core is platform-neutral: the shell (electron/main) uses it, never the other way.',
  },
  {
    target: shipped('electron/sandbox'),
    from: ['./electron/core', './electron/main', './electron/preload', './renderer'],
    message: 'The sandbox is a service of its own: it knows the wire (shared/api), not the app.',
  },
  { target: shipped('electron/preload'), from: ['./electron/core', './electron/main', './electron/sandbox', './renderer'], message: 'The preload only bridges shared/ipc.' },
  { target: shipped('electron/main'), from: './renderer', message: 'The shell loads the built renderer, never its source.' },
]

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parser: vueParser, parserOptions: { parser: tseslint.parser, sourceType: 'module', extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  { files: ['renderer/src/**/*.test.ts', 'tests/support/renderer/**'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['electron/core/**', 'electron/sandbox/**', 'shared/**'], rules: { 'no-restricted-imports': ['error', noElectron] } },
  { files: ['electron/core/**', 'electron/sandbox/**', 'shared/**'], ignores: tests, rules: { 'no-restricted-imports': ['error', restrict(noElectron, noTestTools)] } },
  { files: ['electron/main/**', 'electron/preload/**'], ignores: tests, rules: { 'no-restricted-imports': ['error', noTestTools] } },
  {
    files: ['renderer/src/**'],
    ignores: tests,
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', restrict(rendererOnlyBrowser, noTestTools)] },
  },
  {
    // No import circles (import-x/no-cycle follows our own imports that run, not into packages,
    // which would double lint time; tests/integration/import-graph.test.ts also counts type-only
    // ones) and the rooms' layering.
    files: ['**/*.ts', '**/*.vue'],
    plugins: { 'import-x': importX },
    settings: {
      // .vue files are not parsed for their own imports here (import-x cannot hand them the TS
      // parser); the import-graph test reads them.
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.vue', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layers }],
    },
  },
  {
    // The core reasons with the domain model (shared/model); the IPC contract is reached only at each
    // feature's edge (feature.ts) and by the dispatcher.
    files: ['electron/core/**/*.ts'],
    ignores: [...tests, 'electron/core/**/feature.ts', 'electron/core/ipc/dispatcher.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/shared/ipc', '**/shared/ipc/**'], message: 'Inside the core, use the domain model (shared/model) and typed ports; shared/ipc is for feature.ts.' }] },
      ],
    },
  },
)
