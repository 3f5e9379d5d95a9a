import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'
import vueParser from 'vue-eslint-parser'

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
  { files: ['renderer/src/**/*.test.ts'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['electron/core/**', 'electron/sandbox/**', 'shared/**'], rules: { 'no-restricted-imports': ['error', noElectron] } },
  {
    // The shell uses the core's typed facade (Core in electron/core/index.ts), never its internals.
    files: ['electron/main/**'],
    ignores: ['electron/main/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "MemberExpression[property.name='context'][object.name=/[cC]ore$/]", message: 'The shell asks the core through its typed operations (Core), not core.context.' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/core/context', '**/core/store/*', '**/core/connection/*'], message: 'The shell asks the core through its typed operations (Core).' }] }],
    },
  },
  {
    files: ['renderer/src/**'],
    ignores: ['renderer/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', rendererOnlyBrowser] },
  },
)
