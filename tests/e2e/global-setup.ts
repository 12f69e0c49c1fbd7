import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate, ROOT, seed, startWorker } from "../../scripts/lib/local-stack.mjs";

/** A fresh local D1 and R2 with the demo content, served by wrangler dev on its own port. */
export default async function setup(project: TestProject) {
  const dir = path.join(ROOT, ".wrangler", "e2e-state");
  rmSync(dir, { recursive: true, force: true });
  migrate(dir, { quiet: true });
  await seed(dir);
  const worker = await startWorker({ dir });
  project.provide("baseUrl", worker.url);
  return async () => {
    await worker.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
