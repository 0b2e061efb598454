import type { SenderPurpose } from "./records.js";

/**
 * Why Kassa's keys send a transaction, and the most gas each may ever be sent with. The sender
 * (`chain/sender/send.ts`) signs nothing above its purpose's bound, whatever the node estimates: a payer's
 * signature-checking code (an ERC-1271 wallet, an ERC-6492 factory, Permit2 or a token calling either) runs
 * inside the relayer's transactions, so without a bound its author decides what the relayer pays.
 *
 * Each bound is what the path costs (`npm run bench:gas`, anvil, the payer's second payment; the first
 * payment of a bitmap word, a first nonce or a first balance of the recipient or treasury each add a fresh
 * storage slot, about 17,000) with room, plus, where a payer's or recipient's signature may be a contract's,
 * {@link SIGNATURE_CHECK_GAS}. docs/architecture.md explains each line.
 */

/**
 * What an ERC-1271 check may cost: a passkey (P-256) signature verified in Solidity, on a chain without the
 * RIP-7212 precompile, costs about 300,000.
 */
export const SIGNATURE_CHECK_GAS = 350_000n;

/** What deploying a smart wallet through an ERC-6492 factory call may cost (Kassa's test wallet: 556,000). */
export const WALLET_DEPLOYMENT_GAS = 700_000n;

/** The margin on a node's estimate, percent: the state a transaction meets when mined is not the estimate's. */
export const GAS_MARGIN_PERCENT = 30n;

export interface GasBound {
  /** The most gas the transaction (of one item) may be sent with. */
  gas: bigint;
  /** Added for each item beyond the first (the deposits of a batched sweep). */
  perItem: bigint;
}

/**
 * The bounds of each sender purpose (what the sender records a transaction as, and its owner is told its
 * outcome by: core/gasless/gasless.ts's table), by the name a request declares (a gas purpose). The compiler
 * refuses a sender purpose without bounds.
 */
export const gasBounds = {
  relay: {
    // execute(): calldata, the ForwardRequest's ECDSA and a payer's first nonce (about 45,000), plus the
    // forwarded pay() call, at most RELAYER_MAX_FORWARD_GAS (250,000; pay() itself 91,795, with a permit 119,325).
    relay_forward: { gas: 320_000n, perItem: 0n },
    // payWithPermit2: 93,641 for an EOA; a fresh Permit2 nonce word and first balances up to about 160,000.
    relay_permit2: { gas: 200_000n + SIGNATURE_CHECK_GAS, perItem: 0n },
    // payWithAuthorization on USDC: 128,185; fresh slots up to about 180,000.
    relay_authorization: { gas: 200_000n + SIGNATURE_CHECK_GAS, perItem: 0n },
    // payWithIntent: 84,605 from Kassa's ERC-1271 test wallet; fresh slots up to about 140,000.
    relay_intent: { gas: 200_000n + SIGNATURE_CHECK_GAS, perItem: 0n },
    // Any of the three above whose ERC-6492 signature deploys the payer's wallet first (EIP-3009 from Kassa's
    // test wallet, undeployed: 684,201).
    relay_undeployed_wallet: { gas: 200_000n + SIGNATURE_CHECK_GAS + WALLET_DEPLOYMENT_GAS, perItem: 0n },
  },
  subscription_charge: {
    // chargeSubscription's first period: the payer's and the server's signatures, the schedule's state word
    // (99,726 for an EOA).
    subscription_first_charge: { gas: 200_000n + SIGNATURE_CHECK_GAS, perItem: 0n },
    // Later periods check no signature: 69,841.
    subscription_charge: { gas: 150_000n, perItem: 0n },
  },
  subscription_cancel: {
    // cancelSubscriptionBySignature: the server's ECDSA signature and the schedule's state word.
    subscription_cancel: { gas: 150_000n, perItem: 0n },
  },
  deposit_sweep: {
    // sweepDeposit: 100,683; in a batch 56,155 each (the CREATE2 and self-destruct stay per deposit).
    deposit_sweep: { gas: 170_000n, perItem: 110_000n },
  },
  deposit_return: {
    // returnDeposit: a sweeper's CREATE2 and a transfer, and the merchant's recipient's signature (ERC-1271).
    deposit_return: { gas: 200_000n + SIGNATURE_CHECK_GAS, perItem: 0n },
  },
  grant: {
    // A native transfer: 21,000 to an account; an EIP-7702 account's code may run on receipt.
    grant: { gas: 50_000n, perItem: 0n },
  },
} as const satisfies Record<SenderPurpose, Record<string, GasBound>>;

/** The gas purposes of one sender purpose. */
export type GasPurposeOf<P extends SenderPurpose> = keyof (typeof gasBounds)[P];
/** What a request to the sender declares it sends: the name of its bound. */
export type GasPurpose = { [P in SenderPurpose]: GasPurposeOf<P> }[SenderPurpose];

/** Each gas purpose's bound and the sender purpose it belongs to. */
const byGasPurpose = Object.fromEntries(
  Object.entries(gasBounds).flatMap(([sender, bounds]) =>
    Object.entries(bounds).map(([purpose, bound]) => [purpose, { sender, bound }]),
  ),
) as Record<GasPurpose, { sender: SenderPurpose; bound: GasBound }>;

/** What the sender records a transaction of `purpose` as. */
export function senderPurposeOf(purpose: GasPurpose): SenderPurpose {
  return byGasPurpose[purpose].sender;
}

/** The most gas a transaction of `purpose` with `items` items (at least 1) may be sent with. */
export function gasBound(purpose: GasPurpose, items = 1): bigint {
  const bound = byGasPurpose[purpose].bound;
  return bound.gas + bound.perItem * BigInt(Math.max(0, items - 1));
}

export type GasLimit = { ok: true; gasLimit: bigint } | { ok: false; needed: bigint; bound: bigint };

/**
 * The gas limit a transaction of `purpose` estimated at `estimate` is sent with: the estimate with
 * {@link GAS_MARGIN_PERCENT}, never above the purpose's bound (nor `cap`, when given: what was reserved for it).
 * Refused when the estimate itself is above.
 */
export function gasLimitFor(
  purpose: GasPurpose,
  estimate: bigint,
  options: { items?: number; cap?: bigint } = {},
): GasLimit {
  let bound = gasBound(purpose, options.items);
  if (options.cap !== undefined && options.cap < bound) bound = options.cap;
  if (estimate > bound) return { ok: false, needed: estimate, bound };
  const withMargin = (estimate * (100n + GAS_MARGIN_PERCENT)) / 100n;
  return { ok: true, gasLimit: withMargin < bound ? withMargin : bound };
}
