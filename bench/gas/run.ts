/**
 * Gas benchmark of the payment gateway: gas used by whole transactions (receipt `gasUsed`) on a local anvil,
 * beside a floor contract that only does two transferFrom calls, a used-id flag and an event.
 *
 *   npm run bench:gas            prints a table
 *   npm run bench:gas -- --json  also prints {"pay_direct":N,"pay_gasless":N,"pay_permit_gasless":N,"refund":N,
 *                                "pay_direct_fresh_word":N,...} as the last line
 *
 * Conditions (issue 2): the 18-decimal permit test token, fee 1%, recipient and treasury already holding the
 * token, the payer's second payment (its forwarder nonce already used), a finite allowance. Each payment row
 * is measured twice: with a sequence in a bitmap word that earlier payments already made non-zero (the common
 * case), and as the first payment of a fresh word (one payment in 128 for the gateway, 256 for the bitmap
 * floor); a refund likewise, its id's sequence in a used word, then as the first of a fresh word. The floor
 * rows: the fee split with no replay guard, with one bit in a bitmap, with a flag per id.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import {
  deployKassa,
  deployTestTokens,
  erc2771ForwarderAbi,
  noPermit,
  paymentGatewayAbi,
  paymentIdOf,
  signForwardRequest,
  signPaymentRequest,
  signPermit,
  signRefundRequest,
  testTokenPermitAbi,
  testTokens,
  rpcChain,
} from "@kassa/contracts";
import { anvilAccount, startAnvil, type AnvilInstance } from "@kassa/contracts/dev";
import { compileSolidity } from "@kassa/contracts/dev";
import { measureV2, v2Compared, v2Targets } from "./v2.js";
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  hexToBytes,
  http,
  keccak256,
  parseUnits,
  stringToHex,
  type Abi,
  type Address,
  type Hex,
  type LocalAccount,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

const here = dirname(fileURLToPath(import.meta.url));
const json = process.argv.includes("--json");
const trace = process.argv.includes("--trace");

const targets = {
  pay_direct: 72_000n,
  pay_gasless: 92_000n,
  pay_permit_gasless: 103_000n,
  // 60,033 when a payment had one refund, marked by a bit beside its paid bit. A refund now spends a bit of its
  // own (several per payment), so it reads the payment's word and writes its own: one more cold slot (2,100).
  refund: 63_000n,
} as const;
const payCalls = ["pay_direct", "pay_gasless", "pay_permit_gasless"] as const;
type PayCall = (typeof payCalls)[number];
/** Sequences per bitmap word: the gateway keeps two bits per payment, the bitmap floor one. */
const gatewayWordSequences = 128n;
const floorWordSequences = 256n;
const feeBps = 100;
const amount = parseUnits("25", 18);

/** A funded-by-nobody account: gasless payers hold no native token. */
function freshAccount(label: string): LocalAccount {
  return privateKeyToAccount(keccak256(stringToHex(`kassa gas bench ${label}`)));
}

let salts = 0;
/** The random part of a payment id, the same on every run (calldata bytes cost by value). */
function salt(): Uint8Array {
  return hexToBytes(keccak256(stringToHex(`kassa gas bench id ${salts++}`))).subarray(0, 24);
}

/** Sequences in order; `fresh` jumps to the first sequence of the next word. */
function sequencer(wordSequences: bigint): (fresh?: boolean) => bigint {
  let next = 1n;
  return (fresh = false) => {
    if (fresh) next = (next / wordSequences + 1n) * wordSequences;
    return next++;
  };
}

interface Measured {
  kassa: Record<string, bigint>;
  floors: Record<"noGuard" | "bitmap" | "bitmapFresh" | "flag", Partial<Record<PayCall, bigint>>>;
}

async function measure(anvil: AnvilInstance): Promise<Measured> {
  const chain = rpcChain(anvil.chainId, "anvil", anvil.rpcUrl);
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport });
  const wallet = (account: LocalAccount) => createWalletClient({ chain, transport, account });

  const deployer = anvilAccount(0);
  const signer = anvilAccount(1);
  const treasury = anvilAccount(2).address;
  const merchant = anvilAccount(3);
  const directPayer = anvilAccount(4);
  const relayer = wallet(anvilAccount(5));
  const chainId = anvil.chainId;

  const deployerClient = wallet(deployer);
  const { forwarder, gateway } = await deployKassa({
    walletClient: deployerClient,
    publicClient,
    signer: signer.address,
    treasury,
    defaultFeeBps: feeBps,
  });
  const { permit18: token } = await deployTestTokens({ walletClient: deployerClient, publicClient });

  async function send(
    client: ReturnType<typeof wallet>,
    to: Address,
    abi: Abi,
    functionName: string,
    args: unknown[],
  ) {
    const hash = await client.sendTransaction({ to, data: encodeFunctionData({ abi, functionName, args }) });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
    return receipt.gasUsed;
  }
  const mint = (to: Address, value: bigint) =>
    send(deployerClient, token, testTokenPermitAbi, "mint", [to, value]);
  const deadline = (await publicClient.getBlock()).timestamp + 3_600n;

  // Recipient and treasury already hold the token (no first-holder storage cost).
  await mint(merchant.address, amount);
  await mint(treasury, amount);

  /** Relays a permit for `owner` (who has no native token) with a finite value, as a relayer would. */
  async function relayPermit(owner: LocalAccount, spender: Address, value: bigint) {
    const nonce = await publicClient.readContract({
      address: token,
      abi: testTokenPermitAbi,
      functionName: "nonces",
      args: [owner.address],
    });
    const p = await signPermit(owner, {
      chainId,
      token,
      tokenName: testTokens.permit18.name,
      permit: { owner: owner.address, spender, value, nonce, deadline },
    });
    await send(relayer, token, testTokenPermitAbi, "permit", [
      owner.address,
      spender,
      value,
      p.deadline,
      p.v,
      p.r,
      p.s,
    ]);
  }

  async function relay(payer: LocalAccount, to: Address, data: Hex): Promise<bigint> {
    const nonce = await publicClient.readContract({
      address: forwarder,
      abi: erc2771ForwarderAbi,
      functionName: "nonces",
      args: [payer.address],
    });
    const request = await signForwardRequest(payer, {
      chainId,
      forwarder,
      request: { from: payer.address, to, value: 0n, gas: 300_000n, nonce, deadline: Number(deadline), data },
    });
    return send(relayer, forwarder, erc2771ForwarderAbi, "execute", [request]);
  }

  const nextSequence = sequencer(gatewayWordSequences);
  async function payData(
    payer: Address,
    withPermit?: LocalAccount,
    freshWord = false,
  ): Promise<{ data: Hex; paymentId: Hex }> {
    const paymentId = paymentIdOf(nextSequence(freshWord), salt());
    const merchantId = keccak256(stringToHex("merchant 1"));
    const request = {
      paymentId,
      tokenAddress: token,
      amount,
      recipientAddress: merchant.address,
      merchantId,
      deadline,
    };
    const serverSignature = await signPaymentRequest(signer, { chainId, gateway, request });
    let permit: { deadline: bigint; v: number; r: Hex; s: Hex } = noPermit;
    if (withPermit) {
      const nonce = await publicClient.readContract({
        address: token,
        abi: testTokenPermitAbi,
        functionName: "nonces",
        args: [payer],
      });
      permit = await signPermit(withPermit, {
        chainId,
        token,
        tokenName: testTokens.permit18.name,
        permit: { owner: payer, spender: gateway, value: amount, nonce, deadline },
      });
    }
    const data = encodeFunctionData({
      abi: paymentGatewayAbi,
      functionName: "pay",
      args: [paymentId, token, amount, merchant.address, merchantId, deadline, serverSignature, permit],
    });
    return { data, paymentId };
  }

  const kassa: Record<string, bigint> = {};

  // pay_direct: the payer approved a finite allowance for several payments; second payment measured.
  await mint(directPayer.address, amount * 10n);
  await send(wallet(directPayer), token, testTokenPermitAbi, "approve", [gateway, amount * 5n]);
  const directClient = wallet(directPayer);
  await directClient.sendTransaction({ to: gateway, data: (await payData(directPayer.address)).data });
  const second = await payData(directPayer.address);
  const directHash = await directClient.sendTransaction({ to: gateway, data: second.data });
  kassa.pay_direct = (await publicClient.waitForTransactionReceipt({ hash: directHash })).gasUsed;
  if (trace) await printTrace(anvil.rpcUrl, "kassa pay_direct", directHash);
  const freshHash = await directClient.sendTransaction({
    to: gateway,
    data: (await payData(directPayer.address, undefined, true)).data,
  });
  kassa.pay_direct_fresh_word = (await publicClient.waitForTransactionReceipt({ hash: freshHash })).gasUsed;

  // pay_gasless: allowance from a relayed permit (finite), first payment through the forwarder, then the second.
  const gaslessPayer = freshAccount("gasless");
  await mint(gaslessPayer.address, amount * 10n);
  await relayPermit(gaslessPayer, gateway, amount * 5n);
  await relay(gaslessPayer, gateway, (await payData(gaslessPayer.address)).data);
  kassa.pay_gasless = await relay(gaslessPayer, gateway, (await payData(gaslessPayer.address)).data);
  kassa.pay_gasless_fresh_word = await relay(
    gaslessPayer,
    gateway,
    (await payData(gaslessPayer.address, undefined, true)).data,
  );

  // pay_permit_gasless: each payment carries its own permit for exactly the amount.
  const permitPayer = freshAccount("permit");
  await mint(permitPayer.address, amount * 10n);
  await relay(permitPayer, gateway, (await payData(permitPayer.address, permitPayer)).data);
  kassa.pay_permit_gasless = await relay(
    permitPayer,
    gateway,
    (await payData(permitPayer.address, permitPayer)).data,
  );
  kassa.pay_permit_gasless_fresh_word = await relay(
    permitPayer,
    gateway,
    (await payData(permitPayer.address, permitPayer, true)).data,
  );

  // refund: the merchant wallet (finite allowance) refunds the direct payer's second payment in two parts, each
  // with a refund id of its own (a sequence of the same counter): the first in a word payments already made
  // non-zero, the second as the first of a fresh word.
  const merchantClient = wallet(merchant);
  await send(merchantClient, token, testTokenPermitAbi, "approve", [gateway, amount * 5n]);
  const refund = async (refundAmount: bigint, freshWord: boolean) => {
    const request = {
      paymentId: second.paymentId,
      refundId: paymentIdOf(nextSequence(freshWord), salt()),
      tokenAddress: token,
      payerAddress: directPayer.address,
      amount: refundAmount,
      deadline,
    };
    const signature = await signRefundRequest(signer, { chainId, gateway, request });
    return send(merchantClient, gateway, paymentGatewayAbi, "refund", [
      request.paymentId,
      request.refundId,
      request.tokenAddress,
      request.payerAddress,
      request.amount,
      request.deadline,
      signature,
    ]);
  };
  kassa.refund = await refund(amount / 2n, false);
  kassa.refund_fresh_word = await refund(amount - amount / 2n, true);

  // The floors, under the same conditions, through the same forwarder.
  const compiled = compileSolidity(
    { "Floor.sol": readFileSync(join(here, "Floor.sol"), "utf8") },
    { baseDir: here },
  );
  let floorPayers = 0;
  async function measureFloor(name: "Floor" | "FloorBitmap" | "FloorNoGuard") {
    const artifact = compiled[name];
    if (!artifact) throw new Error(`${name} did not compile`);
    const hash = await deployerClient.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [forwarder, treasury],
    });
    const address = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress;
    if (!address) throw new Error(`${name} was not deployed`);
    const next = sequencer(floorWordSequences);
    const data = (fresh = false) =>
      encodeFunctionData({
        abi: artifact.abi,
        functionName: "pay",
        args: [paymentIdOf(next(fresh), salt()), token, amount, merchant.address],
      });
    const warm: Partial<Record<PayCall, bigint>> = {};
    const fresh: Partial<Record<PayCall, bigint>> = {};
    const directPayer = anvilAccount(6 + floorPayers++);
    const directClient = wallet(directPayer);
    await mint(directPayer.address, amount * 10n);
    await send(directClient, token, testTokenPermitAbi, "approve", [address, amount * 5n]);
    const directGas = async (calldata: Hex) =>
      (
        await publicClient.waitForTransactionReceipt({
          hash: await directClient.sendTransaction({ to: address, data: calldata }),
        })
      ).gasUsed;
    await directGas(data());
    warm.pay_direct = await directGas(data());
    fresh.pay_direct = await directGas(data(true));
    const gaslessPayer = freshAccount(`${name} gasless`);
    await mint(gaslessPayer.address, amount * 10n);
    await relayPermit(gaslessPayer, address, amount * 5n);
    await relay(gaslessPayer, address, data());
    warm.pay_gasless = await relay(gaslessPayer, address, data());
    fresh.pay_gasless = await relay(gaslessPayer, address, data(true));
    return { warm, fresh };
  }
  const flag = await measureFloor("Floor");
  const bitmap = await measureFloor("FloorBitmap");
  const noGuard = await measureFloor("FloorNoGuard");
  const floors = { noGuard: noGuard.warm, bitmap: bitmap.warm, bitmapFresh: bitmap.fresh, flag: flag.warm };

  const floor3009 = compiled.Floor3009;
  if (!floor3009) throw new Error("Floor3009 did not compile");
  const v2 = await measureV2({
    floor3009,
    chainId,
    publicClient,
    wallet,
    gateway,
    token,
    treasury,
    merchant: merchant.address,
    feeBps,
    deadline,
    nextSequence: () => nextSequence(),
    traced: trace ? (row, hash) => printTrace(anvil.rpcUrl, `kassa ${row}`, hash) : undefined,
  });
  return { kassa: { ...kassa, ...v2 }, floors };
}

/**
 * Gas of a transaction's execution by call depth and by opcode (for `--trace`), each opcode charged its own cost:
 * a call or create its access, memory and creation costs, not what the frame it opens spent (that is charged to the
 * frame's opcodes, one depth deeper).
 */
async function printTrace(rpcUrl: string, label: string, hash: Hex): Promise<void> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "debug_traceTransaction",
      params: [hash, { disableStorage: true, disableMemory: true, disableStack: true }],
    }),
  });
  const body = (await response.json()) as {
    result: { gas: number; structLogs: { op: string; gas: number; gasCost: number; depth: number }[] };
  };
  const logs = body.result.structLogs;
  const byOp = new Map<string, number>();
  const byDepth = new Map<number, number>();
  const charge = (log: { op: string; depth: number }, cost: number) => {
    byDepth.set(log.depth, (byDepth.get(log.depth) ?? 0) + cost);
    byOp.set(`${log.depth}:${log.op}`, (byOp.get(`${log.depth}:${log.op}`) ?? 0) + cost);
  };
  // The calls whose frames are open, with what their frames spent so far.
  const open: { index: number; spent: number }[] = [];
  for (const [i, log] of logs.entries()) {
    const next = logs[i + 1];
    if (next && next.depth > log.depth) {
      open.push({ index: i, spent: 0 });
      continue;
    }
    // Within a frame, an opcode costs the gas it took; the last one of a frame, its own cost.
    const cost = next && next.depth === log.depth ? log.gas - next.gas : log.gasCost;
    charge(log, cost);
    const frame = open.at(-1);
    if (frame) frame.spent += cost;
    if (next && next.depth < log.depth && frame) {
      open.pop();
      const call = logs[frame.index];
      if (!call) continue;
      const inclusive = call.gas - next.gas;
      charge(call, inclusive - frame.spent);
      const parent = open.at(-1);
      if (parent) parent.spent += inclusive;
    }
  }
  const transaction = (await (
    await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "eth_getTransactionByHash", params: [hash] }),
    })
  ).json()) as { result: { input: Hex } };
  const calldata = hexToBytes(transaction.result.input).reduce((sum, byte) => sum + (byte === 0 ? 4 : 16), 0);
  console.log(
    `${label}: gas used ${body.result.gas} (21,000 + calldata ${calldata} + execution by depth ` +
      `${JSON.stringify(Object.fromEntries(byDepth))} - refund)`,
  );
  const top = [...byOp].sort((a, b) => b[1] - a[1]).slice(0, 40);
  console.log(`  ${top.map(([op, gas]) => `${op}=${gas}`).join(" ")}`);
}

function fmt(n: bigint | undefined): string {
  return n === undefined ? "-" : n.toLocaleString("en-US");
}

async function main(): Promise<void> {
  const anvil = await startAnvil(trace ? { extraArgs: ["--steps-tracing"] } : {});
  try {
    const { kassa, floors } = await measure(anvil);
    const rows = ([...payCalls, "refund"] as const).map((name) => {
      const gas = kassa[name];
      const target = targets[name];
      const floor = (kind: keyof typeof floors) => (name === "refund" ? undefined : floors[kind][name]);
      const practical = floor("bitmap");
      return {
        call: name,
        kassa: fmt(gas),
        "kassa fresh word": fmt(kassa[`${name}_fresh_word`]),
        "floor no guard": fmt(floor("noGuard")),
        "floor bitmap": fmt(practical),
        "floor bitmap fresh word": fmt(floor("bitmapFresh")),
        "floor flag": fmt(floor("flag")),
        "over bitmap floor": practical !== undefined && gas !== undefined ? fmt(gas - practical) : "-",
        target: `<= ${fmt(target)}`,
        met: gas === undefined ? "-" : gas <= target ? "yes" : "NO",
      };
    });
    const widths = Object.keys(rows[0] ?? {}).map((key) =>
      Math.max(key.length, ...rows.map((row) => String(row[key as keyof typeof row]).length)),
    );
    const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i] ?? 0)).join("  ");
    console.log(
      `gas used per transaction (anvil, 18-decimal permit token, fee ${feeBps / 100}%, payer's second payment; ` +
        `"fresh word": the first payment or refund of a bitmap word)`,
    );
    console.log(line(Object.keys(rows[0] ?? {})));
    for (const row of rows) console.log(line(Object.values(row)));
    const v2Rows = Object.keys(v2Targets).map((name) => {
      const gas = kassa[name];
      // The smart wallet's target is relative to the EOA's gasless row.
      const target =
        v2Targets[name] ??
        (name === "pay_intent_1271_relayed" && kassa.pay_gasless
          ? (kassa.pay_gasless * 110n) / 100n
          : undefined);
      return {
        call: name,
        kassa: fmt(gas),
        target: target === undefined ? "-" : `<= ${fmt(target)}`,
        met: gas === undefined || target === undefined ? "-" : gas <= target ? "yes" : "NO",
        compared: v2Compared[name] ?? "",
      };
    });
    const v2Widths = Object.keys(v2Rows[0] ?? {}).map((key) =>
      Math.max(key.length, ...v2Rows.map((row) => String(row[key as keyof typeof row]).length)),
    );
    console.log(
      "\nthe paths version 2 added, sent by a relayer (same token and fee; EIP-3009 rows on Circle's FiatToken v2.2 behind its proxy; " +
        "the 1271 row's target: 110% of pay_gasless)",
    );
    const v2Line = (cells: string[]) => cells.map((cell, i) => cell.padStart(v2Widths[i] ?? 0)).join("  ");
    console.log(v2Line(Object.keys(v2Rows[0] ?? {})));
    for (const row of v2Rows) console.log(v2Line(Object.values(row)));
    if (json) {
      console.log(JSON.stringify(Object.fromEntries(Object.entries(kassa).map(([k, v]) => [k, Number(v)]))));
    }
  } finally {
    await anvil.stop();
  }
}

await main();
