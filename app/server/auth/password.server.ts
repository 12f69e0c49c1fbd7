/**
 * Passwords are hashed with argon2id at OWASP's parameters (19 MiB, 2 iterations, 1 lane)
 * through a WebAssembly build imported as a module: workerd forbids compiling Wasm at run time,
 * so hash-wasm and friends fail there (decision 013). The encoded hash carries its parameters;
 * `needsRehash` tells sign-in to upgrade a hash made with weaker ones.
 */
import Argon2, { Argon2Type, Argon2Version } from "@phi-ag/argon2";
// Left as an import by the Vite build (see vite.config.ts) and compiled by wrangler as a Wasm module.
import wasm from "@phi-ag/argon2/argon2.wasm";
import { PASSWORD_MAX } from "~/lib/password-length";
import { AppError } from "../errors.server";

export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let argon2: Argon2 | null = null;
async function instance(): Promise<Argon2> {
  argon2 ??= new Argon2(await WebAssembly.instantiate(wasm as WebAssembly.Module));
  return argon2;
}

const PASSWORD_TOO_LONG = `Passwords are at most ${PASSWORD_MAX} characters long.`;

/**
 * Where a request counts its argon2 runs (hashes and verifications): `Server-Timing` reports them,
 * so a test can prove two paths do the same work.
 */
export type HashMeter = { passwordHashes: number };

export async function hashPassword(password: string, meter?: HashMeter): Promise<string> {
  if (password.length > PASSWORD_MAX) throw new AppError("invalid", PASSWORD_TOO_LONG, { fieldErrors: { password: PASSWORD_TOO_LONG } });
  const a = await instance();
  if (meter) meter.passwordHashes++;
  return a.hash(password, {
    type: Argon2Type.Argon2id,
    version: Argon2Version.Version13,
    hashLength: 32,
    ...ARGON2_PARAMS,
  }).encoded;
}

/** A hash of a password nobody has, verified when the account does not exist: same time either way. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(encoded: string | null | undefined, password: string, meter?: HashMeter): Promise<boolean> {
  if (password.length > PASSWORD_MAX) return false;
  const a = await instance();
  if (meter) meter.passwordHashes++;
  if (!encoded) {
    decoy ??= hashPassword(crypto.randomUUID());
    a.tryVerify(await decoy, password, Argon2Type.Argon2id);
    return false;
  }
  return a.tryVerify(encoded, password, Argon2Type.Argon2id).success;
}

/** True when the hash was made with weaker parameters than today's (or another algorithm). */
export function needsRehash(encoded: string): boolean {
  const m = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(encoded);
  if (!m) return true;
  const [, version, memory, time] = m.map(Number) as [number, number, number, number];
  return version < 19 || memory < ARGON2_PARAMS.memoryCost || time < ARGON2_PARAMS.timeCost;
}
