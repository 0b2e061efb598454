import { z } from "zod";
import type { Db } from "../../db/infra/database.js";
import { pingDatabase } from "../../db/operations/health.js";
import { KassaError } from "../../errors.js";

export const healthSchema = z.object({ status: z.literal("ok"), timestamp: z.string() });
export type Health = z.infer<typeof healthSchema>;

/** GET /health: ok only when the database answers. */
export async function checkHealth(db: Db, now: () => Date): Promise<Health> {
  try {
    await pingDatabase(db);
  } catch (error) {
    throw new KassaError("INTERNAL_ERROR", "database unavailable", { cause: error });
  }
  return { status: "ok", timestamp: now().toISOString() };
}
