import type { Services } from "./services.server";

/** One of the housekeeping's tasks: kept with its own area's code, listed in `app/models/housekeeping.server.ts`. */
export type HousekeepingTask = {
  name: string;
  run(services: Pick<Services, "db" | "files" | "queues" | "waitUntil" | "env">, now: number): Promise<unknown>;
};
