/**
 * The browser must never receive the database schema (decision 027): no table definition, no
 * column names such as password_hash or totp_secret, no drizzle sqlite-core. Scans every
 * JavaScript file under a build directory for the marks a table definition leaves after
 * minification. `npm test` runs it on build/client (must be clean) and on build/server (must be
 * found, which proves the marks still match what drizzle writes).
 *
 *   node scripts/check-client-chunks.mjs [dir] [--expect-found]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What a table definition leaves in a bundle: drizzle's symbols and our secret columns' names. */
export const TABLE_MARKS = [/Symbol\.for\(["']drizzle:/, /["']password_hash["']/, /["']totp_secret["']/, /["']token_hash["']/, /["']r2_key["']/];

function* jsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* jsFiles(full);
    else if (/\.m?js$/.test(name)) yield full;
  }
}

export function findTableMarks(dir) {
  const found = [];
  for (const file of jsFiles(dir)) {
    const text = readFileSync(file, "utf8");
    const marks = TABLE_MARKS.filter((m) => m.test(text)).map(String);
    if (marks.length) found.push({ file: path.relative(ROOT, file), marks });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(ROOT, process.argv[2] ?? "build/client");
  const expectFound = process.argv.includes("--expect-found");
  const found = findTableMarks(dir);
  if (expectFound) {
    if (found.length) console.log(`✓ the detector still recognises a table definition (${found[0].file}: ${found[0].marks.join(", ")})`);
    else console.error(`✗ no table definition recognised in ${path.relative(ROOT, dir)}: the marks no longer match what drizzle writes`);
    process.exit(found.length ? 0 : 1);
  }
  if (found.length) {
    console.error("✗ client chunks carry table definitions (import from ~/db/enums, not ~/db/schema, in code the browser loads):");
    for (const f of found) console.error(`  ${f.file}: ${f.marks.join(", ")}`);
    process.exit(1);
  }
  console.log(`✓ no table definition in ${path.relative(ROOT, dir)}`);
}
