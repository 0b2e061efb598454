import { z } from "zod";
import { splitRpcUrls } from "../../chain/clients.js";
import { insertChain, listChains as listChainRows, updateChainByNetworkId } from "../../db/chains/chains.js";
import { isUniqueViolation } from "../../db/infra/database.js";
import { KassaError } from "../../errors.js";
import { addressSchema, MAX_URL_LENGTH, networkIdSchema, parseInput } from "../validation.js";
import { adminChain, type AdminChain } from "./views.js";
import { type AdminDeps, isEmptyPatch, requireChain } from "./shared.js";

/** The operator's chains: RPC URLs, contracts, finality. */

const chainFields = {
  name: z.string().trim().min(1).max(200),
  isTestnet: z.boolean(),
  // Several URLs, separated by commas, are tried in order with failover.
  rpcUrl: z
    .string()
    .refine(
      (value) =>
        splitRpcUrls(value).length > 0 &&
        splitRpcUrls(value).every(
          (url) => url.length <= MAX_URL_LENGTH && URL.canParse(url) && /^(https?|wss?):\/\//.test(url),
        ),
      `must be an http(s) or ws(s) URL of at most ${MAX_URL_LENGTH} characters, or several separated by commas`,
    )
    .transform((value) => splitRpcUrls(value).join(","))
    .nullable(),
  gatewayAddress: addressSchema.nullable(),
  forwarderAddress: addressSchema.nullable(),
  confirmations: z.number().int().min(0).max(1000),
  finality: z.enum(["finalized", "safe", "depth"]),
};

export const addChainInputSchema = z.object({
  networkId: networkIdSchema,
  name: chainFields.name,
  isTestnet: chainFields.isTestnet,
  rpcUrl: chainFields.rpcUrl.optional(),
  gatewayAddress: chainFields.gatewayAddress.optional(),
  forwarderAddress: chainFields.forwarderAddress.optional(),
  confirmations: chainFields.confirmations.optional(),
  finality: chainFields.finality.optional(),
});
export type AddChainInput = z.input<typeof addChainInputSchema>;

export async function addChain(deps: AdminDeps, input: AddChainInput): Promise<AdminChain> {
  const chain = parseInput(addChainInputSchema, input);
  try {
    return adminChain(
      await insertChain(deps.db, {
        network_id: chain.networkId,
        name: chain.name,
        is_testnet: chain.isTestnet,
        rpc_url: chain.rpcUrl ?? null,
        gateway_address: chain.gatewayAddress ?? null,
        forwarder_address: chain.forwarderAddress ?? null,
        confirmations: chain.confirmations,
        finality: chain.finality,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "chains_network_id_key")) {
      throw new KassaError("INVALID_REQUEST", `chain ${chain.networkId} already exists; use chain update`);
    }
    throw error;
  }
}

export const updateChainInputSchema = z
  .object({
    name: chainFields.name,
    isTestnet: chainFields.isTestnet,
    rpcUrl: chainFields.rpcUrl,
    gatewayAddress: chainFields.gatewayAddress,
    forwarderAddress: chainFields.forwarderAddress,
    confirmations: chainFields.confirmations,
    finality: chainFields.finality,
  })
  .partial();
/** Omitted fields stay as they are; null clears an optional field. */
export type UpdateChainInput = z.input<typeof updateChainInputSchema>;

export async function updateChain(
  deps: AdminDeps,
  networkId: number,
  input: UpdateChainInput,
): Promise<AdminChain> {
  const patch = parseInput(updateChainInputSchema, input);
  const current = await requireChain(deps.db, networkId);
  if (isEmptyPatch(patch)) return adminChain(current);
  const updated = await updateChainByNetworkId(deps.db, networkId, {
    name: patch.name,
    is_testnet: patch.isTestnet,
    rpc_url: patch.rpcUrl,
    gateway_address: patch.gatewayAddress,
    forwarder_address: patch.forwarderAddress,
    confirmations: patch.confirmations,
    finality: patch.finality,
  });
  if (!updated) throw new KassaError("CHAIN_NOT_FOUND", `no chain with network id ${networkId}`);
  return adminChain(updated);
}

export async function listChains(deps: AdminDeps): Promise<AdminChain[]> {
  return (await listChainRows(deps.db)).map(adminChain);
}
