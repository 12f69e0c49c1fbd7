// `npm run extract -- FILE`: prints what the extraction engine reads from a manuscript, as JSON.
import { readFileSync } from "node:fs";
import { extractManuscript, ExtractionFailed } from "../app/extraction/index.ts";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run extract -- manuscript.pdf|manuscript.docx");
  process.exit(2);
}
try {
  console.log(JSON.stringify(await extractManuscript(new Uint8Array(readFileSync(file))), null, 2));
} catch (error) {
  if (error instanceof ExtractionFailed) {
    console.error(`Extraction failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
