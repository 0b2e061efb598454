/**
 * Gas benchmark of the payment gateway: gas used by whole transactions (receipt `gasUsed`) on a local anvil,
 * beside a floor contract that only does two transferFrom calls, a used-id flag and an event.
 *
 *   npm run bench:gas            prints a table
 *   npm run bench:gas -- --json  also prints {"pay_direct":N,"pay_gasless":N,"pay_permit_gasless":N,"refund":N}
 *                                as the last line
 *
 * Conditions (issue 2): the 18-decimal permit test token, fee 1%, recipient and treasury already holding the
 * token, the payer's second payment (its forwarder nonce already used), a finite allowance.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import {
  anvilAccount,
  deployKassa,
  deployTestTokens,
  erc2771ForwarderAbi,
  noPermit,
  paymentGatewayAbi,
  signForwardRequest,
  signPaymentRequest,
  signPermit,
  signRefundRequest,
  startAnvil,
  testTokenPermitAbi,
  testTokens,
  type AnvilInstance,
  rpcChain,
} from "@kassa/contracts";
import { compileSolidity } from "@kassa/contracts/compile";
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
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

const targets = { pay_direct: 90_000n, pay_gasless: 112_000n, pay_permit_gasless: 128_000n } as const;
const feeBps = 100;
const amount = parseUnits("25", 18);

/** A funded-by-nobody account: gasless payers hold no native token. */
function freshAccount(label: string): LocalAccount {
  return privateKeyToAccount(keccak256(stringToHex(`kassa gas bench ${label}`)));
}

async function measure(
  anvil: AnvilInstance,
): Promise<{ kassa: Record<string, bigint>; floor: Record<string, bigint> }> {
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

  let counter = 0;
  async function payData(payer: Address, withPermit?: LocalAccount): Promise<{ data: Hex; paymentId: Hex }> {
    const paymentId = keccak256(stringToHex(`payment ${counter++}`));
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

  // pay_gasless: allowance from a relayed permit (finite), first payment through the forwarder, then the second.
  const gaslessPayer = freshAccount("gasless");
  await mint(gaslessPayer.address, amount * 10n);
  await relayPermit(gaslessPayer, gateway, amount * 5n);
  await relay(gaslessPayer, gateway, (await payData(gaslessPayer.address)).data);
  kassa.pay_gasless = await relay(gaslessPayer, gateway, (await payData(gaslessPayer.address)).data);

  // pay_permit_gasless: each payment carries its own permit for exactly the amount.
  const permitPayer = freshAccount("permit");
  await mint(permitPayer.address, amount * 10n);
  await relay(permitPayer, gateway, (await payData(permitPayer.address, permitPayer)).data);
  kassa.pay_permit_gasless = await relay(
    permitPayer,
    gateway,
    (await payData(permitPayer.address, permitPayer)).data,
  );

  // refund: the merchant wallet (finite allowance) refunds the direct payer's second payment in full.
  const merchantClient = wallet(merchant);
  await send(merchantClient, token, testTokenPermitAbi, "approve", [gateway, amount * 5n]);
  const refundRequest = {
    paymentId: second.paymentId,
    tokenAddress: token,
    payerAddress: directPayer.address,
    amount,
    deadline,
  };
  const refundSignature = await signRefundRequest(signer, { chainId, gateway, request: refundRequest });
  kassa.refund = await send(merchantClient, gateway, paymentGatewayAbi, "refund", [
    second.paymentId,
    token,
    directPayer.address,
    amount,
    amount,
    deadline,
    refundSignature,
  ]);

  // The floor, under the same conditions, through the same forwarder.
  const compiled = compileSolidity(
    { "Floor.sol": readFileSync(join(here, "Floor.sol"), "utf8") },
    { baseDir: here },
  );
  const floorArtifact = compiled.Floor;
  if (!floorArtifact) throw new Error("Floor did not compile");
  const floorHash = await deployerClient.deployContract({
    abi: floorArtifact.abi,
    bytecode: floorArtifact.bytecode,
    args: [forwarder, treasury],
  });
  const floorAddress = (await publicClient.waitForTransactionReceipt({ hash: floorHash })).contractAddress;
  if (!floorAddress) throw new Error("Floor was not deployed");
  const floorData = () =>
    encodeFunctionData({
      abi: floorArtifact.abi,
      functionName: "pay",
      args: [keccak256(stringToHex(`floor ${counter++}`)), token, amount, merchant.address],
    });
  const floor: Record<string, bigint> = {};
  const floorDirectPayer = anvilAccount(6);
  await mint(floorDirectPayer.address, amount * 10n);
  await send(wallet(floorDirectPayer), token, testTokenPermitAbi, "approve", [floorAddress, amount * 5n]);
  await wallet(floorDirectPayer).sendTransaction({ to: floorAddress, data: floorData() });
  const floorHash2 = await wallet(floorDirectPayer).sendTransaction({ to: floorAddress, data: floorData() });
  floor.pay_direct = (await publicClient.waitForTransactionReceipt({ hash: floorHash2 })).gasUsed;
  if (trace) await printTrace(anvil.rpcUrl, "floor pay_direct", floorHash2);
  const floorGaslessPayer = freshAccount("floor gasless");
  await mint(floorGaslessPayer.address, amount * 10n);
  await relayPermit(floorGaslessPayer, floorAddress, amount * 5n);
  await relay(floorGaslessPayer, floorAddress, floorData());
  floor.pay_gasless = await relay(floorGaslessPayer, floorAddress, floorData());

  return { kassa, floor };
}

/** Gas by opcode in the outermost frame, and by call depth (for `--trace`). */
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
    result: { gas: number; structLogs: { op: string; gasCost: number; depth: number }[] };
  };
  const byOp = new Map<string, number>();
  const byDepth = new Map<number, number>();
  const logs = body.result.structLogs;
  for (const [i, log] of logs.entries()) {
    // A CALL's gasCost includes the gas it forwards; count only what its frame did not give back.
    const next = logs[i + 1];
    const cost = next && next.depth > log.depth ? 0 : log.gasCost;
    byDepth.set(log.depth, (byDepth.get(log.depth) ?? 0) + cost);
    byOp.set(`${log.depth}:${log.op}`, (byOp.get(`${log.depth}:${log.op}`) ?? 0) + cost);
  }
  console.log(
    `${label}: execution gas ${body.result.gas}, by depth ${JSON.stringify(Object.fromEntries(byDepth))}`,
  );
  const top = [...byOp].sort((a, b) => b[1] - a[1]).slice(0, 30);
  console.log(`  ${top.map(([op, gas]) => `${op}=${gas}`).join(" ")}`);
}

function fmt(n: bigint | undefined): string {
  return n === undefined ? "-" : n.toLocaleString("en-US");
}

async function main(): Promise<void> {
  const anvil = await startAnvil(trace ? { extraArgs: ["--steps-tracing"] } : {});
  try {
    const { kassa, floor } = await measure(anvil);
    const rows = (["pay_direct", "pay_gasless", "pay_permit_gasless", "refund"] as const).map((name) => {
      const gas = kassa[name];
      const target = name === "refund" ? undefined : targets[name];
      const floorGas = floor[name];
      return {
        call: name,
        kassa: fmt(gas),
        floor: fmt(floorGas),
        "over floor": floorGas !== undefined && gas !== undefined ? fmt(gas - floorGas) : "-",
        target: target === undefined ? "-" : `<= ${fmt(target)}`,
        met: target === undefined || gas === undefined ? "-" : gas <= target ? "yes" : "NO",
      };
    });
    const widths = Object.keys(rows[0] ?? {}).map((key) =>
      Math.max(key.length, ...rows.map((row) => String(row[key as keyof typeof row]).length)),
    );
    const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i] ?? 0)).join("  ");
    console.log(
      `gas used per transaction (anvil, 18-decimal permit token, fee ${feeBps / 100}%, payer's second payment)`,
    );
    console.log(line(Object.keys(rows[0] ?? {})));
    for (const row of rows) console.log(line(Object.values(row)));
    if (json) {
      console.log(
        JSON.stringify({
          pay_direct: Number(kassa.pay_direct),
          pay_gasless: Number(kassa.pay_gasless),
          pay_permit_gasless: Number(kassa.pay_permit_gasless),
          refund: Number(kassa.refund),
        }),
      );
    }
  } finally {
    await anvil.stop();
  }
}

await main();
