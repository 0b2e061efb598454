/**
 * The test's storefront: the checkout a Medusa storefront runs, in the browser, against Medusa's Store API
 * (what Medusa's Next.js starter does through its SDK), with Kassa's widget opened by @kassa/js from what the
 * payment session's data holds. Its state is in the page (`data-*` of <body>, #status) for the test to read.
 *
 * Query: medusa (Store API URL), key (publishable key), region, variant, provider (pp_kassa_<id>).
 */
import { open } from "@kassa/js";

const query = new URLSearchParams(location.search);
const medusa = query.get("medusa") ?? "";
const headers = { "content-type": "application/json", "x-publishable-api-key": query.get("key") ?? "" };
const provider = query.get("provider") ?? "pp_kassa_kassa";

const status = document.getElementById("status") as HTMLElement;
const say = (text: string) => (status.textContent = text);

interface KassaSessionData {
  kassa_url: string;
  public_key: string;
  kassa_payment_id: string;
  widget_url: string;
  charged_amount: string;
  currency_code: string;
}

async function store<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${medusa}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(json.message ?? `${response.status} from ${path}`);
  return json;
}

let cartId = "";
let collectionId = "";

/** The cart up to the payment step: an item, the buyer's address, a shipping method, a payment collection. */
async function checkout(): Promise<void> {
  const { cart } = await store<{ cart: { id: string } }>("/store/carts", {
    region_id: query.get("region"),
    items: [{ variant_id: query.get("variant"), quantity: 1 }],
  });
  cartId = cart.id;
  document.body.dataset.cartId = cartId;
  const address = {
    first_name: "Ada",
    last_name: "Payer",
    address_1: "2 Elm St",
    city: "Springfield",
    postal_code: "12345",
    country_code: "us",
  };
  await store(`/store/carts/${cartId}`, {
    email: "ada@example.com",
    shipping_address: address,
    billing_address: address,
  });
  const { shipping_options } = await store<{ shipping_options: { id: string }[] }>(
    `/store/shipping-options?cart_id=${cartId}`,
  );
  await store(`/store/carts/${cartId}/shipping-methods`, { option_id: shipping_options[0]!.id });
  const { payment_collection } = await store<{ payment_collection: { id: string } }>(
    "/store/payment-collections",
    { cart_id: cartId },
  );
  collectionId = payment_collection.id;
  await choosePayment();
}

let session: KassaSessionData | undefined;

/** Initiates the Kassa payment session (again, for a new Kassa payment, after an expired one). */
async function choosePayment(): Promise<void> {
  const { payment_collection } = await store<{
    payment_collection: { payment_sessions: { id: string; provider_id: string; data: KassaSessionData }[] };
  }>(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: provider });
  const chosen = payment_collection.payment_sessions.find((s) => s.provider_id === provider)!;
  session = chosen.data;
  document.body.dataset.sessionId = chosen.id;
  document.body.dataset.paymentId = session.kassa_payment_id;
  say(`Pay ${session.charged_amount} ${session.currency_code.toUpperCase()} with Kassa`);
}

/** Completes the cart into an order, as the starter's placeOrder(). */
async function placeOrder(): Promise<void> {
  const result = await store<
    { type: "order"; order: { id: string } } | { type: "cart"; error: { message: string } }
  >(`/store/carts/${cartId}/complete`, {});
  if (result.type === "order") {
    document.body.dataset.orderId = result.order.id;
    say(`Order placed: ${result.order.id}`);
  } else {
    throw new Error(result.error.message);
  }
}

function failed(error: unknown): void {
  document.body.dataset.error = error instanceof Error ? error.message : String(error);
  say(`Error: ${document.body.dataset.error}`);
}

function on(id: string, action: () => void): void {
  document.getElementById(id)!.addEventListener("click", () => {
    delete document.body.dataset.error;
    try {
      action();
    } catch (error) {
      failed(error);
    }
  });
}

on("checkout", () => void checkout().catch(failed));
on("pay", () => {
  if (!session) throw new Error("no payment session");
  open({
    apiUrl: session.kassa_url,
    publicKey: session.public_key,
    paymentId: session.kassa_payment_id,
    mode: "popup",
    onResult: ({ status: result }) => {
      document.body.dataset.widget = result;
      if (result === "success") void placeOrder().catch(failed);
    },
  });
});
on("place", () => void placeOrder().catch(failed));
on("again", () => void choosePayment().catch(failed));
