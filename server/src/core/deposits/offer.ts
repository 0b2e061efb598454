import type { DepositGatewayVersion } from "@kassa/contracts";
import type { Address, PublicClient } from "viem";
import { readDepositAuthorizationSupport, readDepositGatewayVersion } from "../../chain/deposits/accounts.js";
import type { Config } from "../../config/index.js";

/**
 * Where payments by transfer are offered (a new payment gets a deposit address): on every chain where its money can
 * reach the merchant, which takes TRANSFER_PAYMENTS on (the default), the server's signer (it signs each sweep), a
 * relayer key on the chain (the relayer sends the sweeps and pays their gas) and, for a version-3 gateway, a chain
 * that applies EIP-7702 authorizations (a deposit account is keyless: the first move of its money carries its public
 * authorization). Elsewhere payments are offered the wallet path only, and `kassa doctor` says why.
 */

export type TransferOfferSettings = Pick<Config, "transferPayments" | "signerPrivateKey" | "gasless">;

export type TransferOffer =
  | { offered: true; gatewayVersion: DepositGatewayVersion; relayerKeys: number }
  | { offered: false; reason: string };

/** What the configuration alone says against the transfer path on chain `networkId`; undefined: nothing. */
export function transferSettingsProblem(
  settings: TransferOfferSettings,
  networkId: number,
): string | undefined {
  if (!settings.transferPayments) return "TRANSFER_PAYMENTS=false";
  if (!settings.signerPrivateKey) return "KASSA_SIGNER_PRIVATE_KEY is unset: nothing signs the sweeps";
  if ((settings.gasless.relayerKeys.get(networkId)?.length ?? 0) === 0) {
    return `no relayer key (RELAYER_PRIVATE_KEYS_${networkId}): the relayer sends the sweeps to the merchant and pays their gas`;
  }
  return undefined;
}

/**
 * Whether payments on `chain`'s gateway are offered the transfer path, and why not. Asks the chain (the gateway's
 * version; for version 3, whether EIP-7702 authorizations apply); a node that does not answer throws.
 */
export async function readTransferOffer(
  client: PublicClient,
  settings: TransferOfferSettings,
  chain: { networkId: number; gateway: Address },
): Promise<TransferOffer> {
  const problem = transferSettingsProblem(settings, chain.networkId);
  if (problem !== undefined) return { offered: false, reason: problem };
  const gatewayVersion = await readDepositGatewayVersion(client, chain.gateway);
  if (gatewayVersion === 3) {
    const support = await readDepositAuthorizationSupport(client, {
      chainId: chain.networkId,
      gateway: chain.gateway,
    });
    if (!support.supported) {
      return {
        offered: false,
        reason: `the gateway (version 3) makes keyless EIP-7702 deposit accounts and ${support.reason}: a chain without EIP-7702 takes payments by transfer on a version-2 gateway only`,
      };
    }
  }
  return {
    offered: true,
    gatewayVersion,
    relayerKeys: settings.gasless.relayerKeys.get(chain.networkId)?.length ?? 0,
  };
}
