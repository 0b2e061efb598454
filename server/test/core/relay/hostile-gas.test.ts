import {
  paymentAuthorizationTypedData,
  paymentGatewayAbi,
  paymentIntentTypedData,
  permit2Address,
  permit2PaymentTypedData,
} from "@kassa/contracts";
import { anvilAccount, fiatToken } from "@kassa/contracts/dev";
import { encodeFunctionData, hashTypedData, parseUnits, zeroAddress, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gasBound } from "../../../src/domain/gasPurposes.js";
import type { TestChain } from "../../harness/chain.js";
import {
  acceptTokens,
  createPayment,
  paymentRequestOf,
  freshPayer,
  relayBody,
  RELAYER_INDEX,
  startGaslessEnv,
  type GaslessPayment,
  type GaslessTestEnv,
} from "../../harness/gasless.js";
import {
  deployHostileWallets,
  type FactoryExtras,
  type HostileWallets,
} from "../../harness/hostileWallets.js";
import { deployRealTokens, type RealTokens } from "../../harness/realTokens.js";
import { waitFor } from "../../harness/waitFor.js";

/**
 * Smart wallets and ERC-6492 factories that make the relayer pay for their own code (issue 39): a check that burns
 * gas, a check that answers "valid" only at a gas price of 0 (what a simulation without fees runs at), a factory
 * that burns gas or re-enters the gateway only when the gas price is not 0. On every relay kind, each is refused
 * before anything is sent: the relayer simulates at the fees it will pay and sends nothing above the kind's bound.
 */
let chain: TestChain;
let env: GaslessTestEnv;
let t: RealTokens;
let hostile: HostileWallets;
let pk: string;
let order = 0;
const relayer = anvilAccount(RELAYER_INDEX).address;
/** Far above every kind's bound: what the wallet burned (about 12,000,000) is more still. */
const BURN = 2_000_000n;

beforeAll(async () => {
  env = await startGaslessEnv();
  chain = env.chain;
  t = await deployRealTokens(chain);
  hostile = await deployHostileWallets(chain);
  pk = env.t.merchant.publicKey;
  await acceptTokens(env, [t.usdc, chain.tokens.plain]);
  await env.startWorker();
});
afterAll(() => env?.close());

type SignedKind = "intent" | "permit2" | "authorization";
const kinds: SignedKind[] = ["intent", "permit2", "authorization"];

const relayerNonce = () => chain.publicClient.getTransactionCount({ address: relayer });

/** The token a kind pays with here: USDC for EIP-3009, a plain token otherwise. */
const tokenOf = (kind: SignedKind): Address => (kind === "authorization" ? t.usdc : chain.tokens.plain);

/** What the wallet approves when deployed: the gateway or Permit2 for the plain token, nothing for EIP-3009. */
function approvalOf(kind: SignedKind): { token: Address; spender: Address } {
  if (kind === "authorization") return { token: zeroAddress, spender: zeroAddress };
  return { token: chain.tokens.plain, spender: kind === "permit2" ? permit2Address : chain.gateway };
}

async function fund(kind: SignedKind, wallet: Address) {
  if (kind === "authorization") await t.mintUsdc(wallet, parseUnits("10", 6));
  else await chain.mint(chain.tokens.plain, wallet, 10n ** 20n);
}

/** The digest the payer's wallet is asked about for `kind`, and the body's fields besides the signature. */
function signedPayment(kind: SignedKind, p: GaslessPayment, payer: Address) {
  const base = { chainId: chain.chainId, gateway: p.gatewayAddress, request: paymentRequestOf(p), payer };
  if (kind === "permit2") {
    return {
      hash: hashTypedData(permit2PaymentTypedData({ ...base, nonce: 5n })),
      body: { permit2Nonce: "5" },
    };
  }
  if (kind === "authorization") {
    const tokenDomain = { name: fiatToken.name, version: fiatToken.version };
    return { hash: hashTypedData(paymentAuthorizationTypedData({ ...base, tokenDomain })), body: {} };
  }
  return { hash: hashTypedData(paymentIntentTypedData(base)), body: {} };
}

async function paymentFor(kind: SignedKind): Promise<GaslessPayment> {
  return createPayment(env, pk, `hostile-gas-${++order}`, 1, tokenOf(kind));
}

function post(p: GaslessPayment, body: Record<string, unknown>) {
  return env.request(`/payments/${p.paymentId}/relay`, {
    method: "POST",
    headers: { "x-public-key": pk },
    json: { paymentId: p.paymentId, ...body },
  });
}

/** Posts `kind`'s relay for a deployed hostile wallet; returns the answer and what the relayer sent meanwhile. */
async function relayFromDeployedWallet(
  kind: SignedKind,
  behaviour: { burn?: bigint; validOnlyUnpriced?: boolean },
) {
  const owner = freshPayer();
  const wallet = await hostile.deploy(hostile.params(owner.address, { ...behaviour, ...approvalOf(kind) }));
  await fund(kind, wallet);
  const p = await paymentFor(kind);
  const signed = signedPayment(kind, p, wallet);
  const before = await relayerNonce();
  const response = await post(p, {
    kind,
    payer: wallet,
    signature: await hostile.sign(owner, signed.hash),
    ...signed.body,
  });
  return { response, sent: (await relayerNonce()) - before, p };
}

/** The gateway call a relay of `kind` makes for `p`, with the wallet's inner (unwrapped) signature. */
function gatewayCall(kind: SignedKind, p: GaslessPayment, payer: Address, signature: Hex): Hex {
  const head = [paymentRequestOf(p), p.serverSignature, payer] as const;
  if (kind === "permit2") {
    return encodeFunctionData({
      abi: paymentGatewayAbi,
      functionName: "payWithPermit2",
      args: [...head, 5n, signature],
    });
  }
  return encodeFunctionData({
    abi: paymentGatewayAbi,
    functionName: kind === "authorization" ? "payWithAuthorization" : "payWithIntent",
    args: [...head, signature],
  });
}

/** The same for a wallet not deployed yet, whose ERC-6492 factory call does `extras`. */
async function relayFromUndeployedWallet(
  kind: SignedKind,
  extras: (call: { p: GaslessPayment; wallet: Address; signature: Hex }) => FactoryExtras,
) {
  const owner = freshPayer();
  const params = hostile.params(owner.address, approvalOf(kind));
  const wallet = await hostile.address(params);
  await fund(kind, wallet);
  const p = await paymentFor(kind);
  const signed = signedPayment(kind, p, wallet);
  const inner = await hostile.sign(owner, signed.hash);
  const before = await relayerNonce();
  const response = await post(p, {
    kind,
    payer: wallet,
    signature: await hostile.undeployedSignature(
      owner,
      params,
      signed.hash,
      extras({ p, wallet, signature: inner }),
    ),
    ...signed.body,
  });
  return { response, sent: (await relayerNonce()) - before, p, wallet };
}

describe("a smart wallet whose ERC-1271 check burns gas", () => {
  it.each(kinds)(
    "is refused on kind %s before anything is sent, saying the payer pays its own gas",
    async (kind) => {
      const { response, sent } = await relayFromDeployedWallet(kind, { burn: BURN });
      expect([response.status, response.body.code]).toEqual([400, "RELAY_GAS_LIMIT_EXCEEDED"]);
      expect(response.body.message).toMatch(/pays at most \d+ for this way of paying.*own gas/);
      expect(sent).toBe(0);
    },
  );

  it("burning less than the bound allows pays, and the relayer's transaction stays within the bound", async () => {
    const { response, p } = await relayFromDeployedWallet("intent", { burn: 200_000n });
    expect(response.status).toBe(202);
    const relay = await waitForRelay(p);
    expect(relay.status).toBe("CONFIRMED");
    const sent = await chain.publicClient.getTransaction({ hash: relay.transactionHash as Hex });
    expect(sent.gas).toBeLessThanOrEqual(gasBound("relay_intent"));
  });

  it("cannot use the forward kind, deployed or not: the forwarder checks ECDSA only, and a smart wallet is told to sign an intent", async () => {
    const owner = freshPayer();
    const wallet = await hostile.deploy(
      hostile.params(owner.address, { burn: BURN, ...approvalOf("intent") }),
    );
    await fund("intent", wallet);
    const p = (await createPayment(
      env,
      pk,
      `hostile-gas-${++order}`,
      1,
      chain.tokens.plain,
    )) as GaslessPayment;
    const body = await relayBody(env, owner, p, { permit: false });
    body.forwardRequest.from = wallet;
    const before = await relayerNonce();
    const response = await post(p, body);
    expect([response.status, response.body.code]).toEqual([400, "INVALID_SIGNATURE"]);
    expect(response.body.message).toMatch(/kind intent/);
    // Nor with an ERC-6492 signature whose factory call would burn gas.
    const params = hostile.params(owner.address, { ...approvalOf("intent"), validOnlyUnpriced: true });
    body.forwardRequest.from = await hostile.address(params);
    body.forwardRequest.signature = await hostile.undeployedSignature(
      owner,
      params,
      ("0x" + "11".repeat(32)) as Hex,
      {
        burn: BURN,
      },
    );
    const wrapped = await post(p, body);
    expect([wrapped.status, wrapped.body.code]).toEqual([400, "INVALID_SIGNATURE"]);
    expect(await relayerNonce()).toBe(before);
  });
});

describe("a smart wallet that answers 'valid' only at a gas price of 0", () => {
  it.each(kinds)(
    "passes no simulation on kind %s: the relayer simulates at the fees it pays",
    async (kind) => {
      const { response, sent } = await relayFromDeployedWallet(kind, { validOnlyUnpriced: true });
      expect(response.status).toBe(400);
      // The payer's check answers "invalid" (or burns all it is given) at the relayer's real gas price.
      expect(["INVALID_SIGNATURE", "RELAY_GAS_LIMIT_EXCEEDED"]).toContain(response.body.code);
      expect(sent).toBe(0);
    },
  );
});

describe("an ERC-6492 factory call that burns gas or re-enters the gateway", () => {
  it.each(kinds)("burning gas is refused on kind %s before anything is sent", async (kind) => {
    const { response, sent } = await relayFromUndeployedWallet(kind, () => ({ burn: BURN }));
    // Permit2 moves only what a wallet approved it: one without code has approved nothing, and is told so first.
    const code = kind === "permit2" ? "INSUFFICIENT_ALLOWANCE" : "RELAY_GAS_LIMIT_EXCEEDED";
    expect([response.status, response.body.code]).toEqual([400, code]);
    expect(sent).toBe(0);
  });

  it.each(kinds)(
    "burning gas and re-entering the gateway only at a real gas price (kind %s) is refused before anything is sent",
    async (kind) => {
      const { response, sent, p } = await relayFromUndeployedWallet(kind, (call) => ({
        burn: BURN,
        onlyWhenPriced: true,
        // From inside the gateway's own signature check, the relay's own call once more.
        reentry: { to: call.p.gatewayAddress, data: gatewayCall(kind, call.p, call.wallet, call.signature) },
      }));
      // At a gas price of 0 the factory is honest: only a simulation at the relayer's fees sees what it costs.
      const code = kind === "permit2" ? "INSUFFICIENT_ALLOWANCE" : "RELAY_GAS_LIMIT_EXCEEDED";
      expect([response.status, response.body.code]).toEqual([400, code]);
      expect(sent).toBe(0);
      const status = await env.request(`/payments/${p.paymentId}/relay`, { headers: { "x-public-key": pk } });
      expect(status.status).toBe(404);
    },
  );

  it("re-entering the gateway with the same payment costs no revert: the gateway marks it paid before the factory call", async () => {
    const { response, p } = await relayFromUndeployedWallet("authorization", (call) => ({
      reentry: {
        to: call.p.gatewayAddress,
        data: gatewayCall("authorization", call.p, call.wallet, call.signature),
      },
    }));
    expect(response.status).toBe(202);
    expect((await waitForRelay(p)).status).toBe("CONFIRMED");
  });

  it("an honest deployment through the same factory pays with EIP-3009, within the bound of a deploying relay", async () => {
    const { response, p, wallet } = await relayFromUndeployedWallet("authorization", () => ({}));
    expect(response.status).toBe(202);
    const relay = await waitForRelay(p);
    expect(relay.status).toBe("CONFIRMED");
    expect(await chain.publicClient.getCode({ address: wallet })).toMatch(/^0x[0-9a-f]+$/);
    const sent = await chain.publicClient.getTransaction({ hash: relay.transactionHash as Hex });
    expect(sent.gas).toBeLessThanOrEqual(gasBound("relay_undeployed_wallet"));
  });
});

async function waitForRelay(p: GaslessPayment) {
  return waitFor(
    "relay finished",
    async () => {
      const response = await env.request(`/payments/${p.paymentId}/relay`, {
        headers: { "x-public-key": pk },
      });
      const relay = response.body?.data as { status: string; transactionHash: string | null } | undefined;
      return relay && (relay.status === "CONFIRMED" || relay.status === "FAILED") ? relay : undefined;
    },
    60_000,
  );
}
