import { rpcChain, testSmartWalletFactoryAbi, wrapErc6492Signature } from "@kassa/contracts";
import {
  anvilAccount,
  createSmartWalletCalldata,
  deploySmartWalletFactory,
  signAsSmartWallet,
  startAnvil,
  type AnvilInstance,
} from "@kassa/contracts/dev";
import {
  createPublicClient,
  createWalletClient,
  http,
  keccak256,
  stringToHex,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySignature } from "../../src/chain/signatures.js";
import { isKassaError } from "../../src/errors.js";
import { deadRpcUrl, startFaultyRpcProxy, type FaultyRpcProxy } from "../harness/rpcProxy.js";

const hash = keccak256(stringToHex("what the payer signed"));
const otherHash = keccak256(stringToHex("something else"));
const owner = anvilAccount(3);
const stranger = anvilAccount(4);

describe("verifySignature", () => {
  let anvil: AnvilInstance;
  let client: PublicClient;
  let proxy: FaultyRpcProxy;
  let factory: Address;
  let chainId: number;
  /** A deployed ERC-1271 wallet of `owner`, and the address of one not deployed yet (ERC-6492). */
  let deployed: Address;
  let undeployed: Address;

  beforeAll(async () => {
    anvil = await startAnvil();
    chainId = anvil.chainId;
    const chain = rpcChain(chainId, "Anvil", anvil.rpcUrl);
    client = createPublicClient({ chain, transport: http(anvil.rpcUrl), cacheTime: 0 });
    const deployer = createWalletClient({ account: anvilAccount(0), chain, transport: http(anvil.rpcUrl) });
    factory = await deploySmartWalletFactory({ walletClient: deployer, publicClient: client });
    const walletAt = (nonce: bigint) =>
      client.readContract({
        address: factory,
        abi: testSmartWalletFactoryAbi,
        functionName: "getAddress",
        args: [owner.address, nonce],
      });
    deployed = await walletAt(0n);
    undeployed = await walletAt(1n);
    const txHash = await deployer.writeContract({
      address: factory,
      abi: testSmartWalletFactoryAbi,
      functionName: "createAccount",
      args: [owner.address, 0n],
    });
    await client.waitForTransactionReceipt({ hash: txHash });
    proxy = await startFaultyRpcProxy(anvil.rpcUrl);
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await anvil?.stop();
  });

  const erc6492 = async (signer = owner, signed = hash): Promise<Hex> =>
    wrapErc6492Signature({
      factory,
      factoryCalldata: createSmartWalletCalldata(owner.address, 1n),
      signature: await signAsSmartWallet(signer, { chainId, wallet: undeployed, hash: signed }),
    });

  it("recognises an account's ECDSA signature without asking the chain, and refuses another account's", async () => {
    const signature = await owner.sign({ hash });
    const unreachable = createPublicClient({ transport: http(await deadRpcUrl(), { retryCount: 0 }) });
    expect(await verifySignature(unreachable, { address: owner.address, hash, signature })).toBe(true);
    expect(await verifySignature(undefined, { address: owner.address, hash, signature })).toBe(true);
    expect(await verifySignature(client, { address: stranger.address, hash, signature })).toBe(false);
    expect(await verifySignature(client, { address: owner.address, hash: otherHash, signature })).toBe(false);
  });

  it("asks a deployed wallet (ERC-1271): its owner's signature of this hash only", async () => {
    expect(await client.getCode({ address: deployed })).toBeDefined();
    const signature = await signAsSmartWallet(owner, { chainId, wallet: deployed, hash });
    expect(await verifySignature(client, { address: deployed, hash, signature })).toBe(true);
    expect(await verifySignature(client, { address: deployed, hash: otherHash, signature })).toBe(false);
    const strangers = await signAsSmartWallet(stranger, { chainId, wallet: deployed, hash });
    expect(await verifySignature(client, { address: deployed, hash, signature: strangers })).toBe(false);
    // A signature the wallet cannot even decode makes its check revert: an answer, and a no.
    expect(await verifySignature(client, { address: deployed, hash, signature: "0x1234" })).toBe(false);
    // Without a chain, only ECDSA is recognised.
    expect(await verifySignature(undefined, { address: deployed, hash, signature })).toBe(false);
  });

  it("checks a wallet not deployed yet through its factory call (ERC-6492), deploying nothing", async () => {
    expect(await client.getCode({ address: undeployed })).toBeUndefined();
    expect(await verifySignature(client, { address: undeployed, hash, signature: await erc6492() })).toBe(
      true,
    );
    const wrongSigner = await erc6492(stranger);
    expect(await verifySignature(client, { address: undeployed, hash, signature: wrongSigner })).toBe(false);
    const otherSigned = await erc6492(owner, otherHash);
    expect(await verifySignature(client, { address: undeployed, hash, signature: otherSigned })).toBe(false);
    expect(await client.getCode({ address: undeployed })).toBeUndefined();
  });

  it("says CHAIN_UNAVAILABLE, never a wrong signature, when the node does not answer", async () => {
    const signatures: [Address, Hex][] = [
      [deployed, await signAsSmartWallet(owner, { chainId, wallet: deployed, hash })],
      [undeployed, await erc6492()],
      // Not this account's: only the chain could say whether the address is a wallet that accepts it.
      [stranger.address, await owner.sign({ hash })],
    ];
    const refused = createPublicClient({ transport: http(await deadRpcUrl(), { retryCount: 0 }) });
    const failing = createPublicClient({ transport: http(proxy.url, { retryCount: 0 }) });
    proxy.faults.serverErrorEvery = 1;
    for (const unreachable of [refused, failing]) {
      for (const [address, signature] of signatures) {
        const answer = await verifySignature(unreachable, { address, hash, signature }).catch(
          (error: unknown) => error,
        );
        expect(isKassaError(answer, "CHAIN_UNAVAILABLE"), String(answer)).toBe(true);
      }
    }
    expect(proxy.stats.serverErrors).toBe(signatures.length);
    proxy.faults.serverErrorEvery = 0;
    const [address, signature] = signatures[1] as [Address, Hex];
    expect(await verifySignature(failing, { address, hash, signature })).toBe(true);
  });
});
