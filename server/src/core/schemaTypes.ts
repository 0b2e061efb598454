import { z } from "zod";

/** The scalar fields the API's response schemas share (core/<capability>/views.ts), each defined once. */

export const addressField = z.string().describe("EIP-55 checksummed address");
export const bytes32Field = z.string().describe("0x-prefixed 32-byte hex");
export const timestampField = z.string().describe("ISO 8601 date-time");
export const baseUnitsField = z.string().describe("Token amount in base units (wei)");
