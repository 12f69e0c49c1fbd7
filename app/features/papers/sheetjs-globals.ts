/**
 * sheetjs-style 0.15 assigns four variables it never declares (`QUOTE`, `_hashIndex`,
 * `_listIndex`, `style_builder`), which throws "QUOTE is not defined" in every strict-mode
 * module (workerd, Vite, esbuild). Declaring them on globalThis first lets its writer run. This
 * module must be imported before sheetjs-style (see xlsx-writer.server.ts); nothing else uses them.
 */
const scope = globalThis as Record<string, unknown>;
for (const name of ["QUOTE", "_hashIndex", "_listIndex", "style_builder"]) if (!(name in scope)) scope[name] = undefined;

export {};
