/**
 * Turns `eth_signTypedData_v4` JSON back into what viem's `signTypedData` takes: integer fields as
 * bigint, `EIP712Domain` dropped from `types` (viem derives it from the domain). Used by the dev
 * wallet and by the browser tests' wallet.
 */
import type { TypedDataDefinition } from "viem";

type Field = { name: string; type: string };

interface TypedDataJson {
  domain: Record<string, unknown>;
  types: Record<string, Field[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

function revive(types: Record<string, Field[]>, type: string, value: unknown): unknown {
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array?.[1] !== undefined && Array.isArray(value))
    return value.map((item) => revive(types, array[1] as string, item));
  const struct = types[type];
  if (struct && value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      struct.map((field) => [field.name, revive(types, field.type, record[field.name])]),
    );
  }
  if (/^u?int\d*$/.test(type) && (typeof value === "string" || typeof value === "number"))
    return BigInt(value);
  return value;
}

export function parseTypedDataJson(json: string): TypedDataDefinition {
  const parsed = JSON.parse(json) as TypedDataJson;
  const { EIP712Domain: _domainType, ...types } = parsed.types;
  const domain = { ...parsed.domain };
  if (domain.chainId !== undefined) domain.chainId = Number(domain.chainId);
  return {
    domain,
    types,
    primaryType: parsed.primaryType,
    message: revive(types, parsed.primaryType, parsed.message) as Record<string, unknown>,
  } as unknown as TypedDataDefinition;
}
