import { z } from "zod";
import { type MerchantUpdate } from "../../db/schema/rows.js";

/** A merchant's settings of payments by transfer, as the admin API takes them (each optional). */
export const depositSettingsInputFields = {
  /** How short of the amount a deposit may be and still settle (an exchange's withdrawal fee), in bps. */
  depositToleranceBps: z.number().int().min(0).max(5_000),
  /** A deposit after the transfer window: settles (PAID, paid after expiry) or waits to go back to its sender. */
  depositLatePolicy: z.enum(["settle", "return"]),
  /** How long after creation a transfer is on time (default 60; the call path's expiry is 5 minutes). */
  transferWindowMinutes: z.number().int().min(1).max(10_080),
};

export function depositSettingsUpdate(patch: {
  depositToleranceBps?: number | undefined;
  depositLatePolicy?: "settle" | "return" | undefined;
  transferWindowMinutes?: number | undefined;
}): MerchantUpdate {
  return {
    deposit_tolerance_bps: patch.depositToleranceBps,
    deposit_late_policy: patch.depositLatePolicy,
    transfer_window_minutes: patch.transferWindowMinutes,
  };
}
