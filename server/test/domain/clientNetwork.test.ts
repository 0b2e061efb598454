import { describe, expect, it } from "vitest";
import { clientNetwork } from "../../src/domain/clientNetwork.js";

describe("clientNetwork", () => {
  it("keeps an IPv4 address, also when written IPv4-mapped", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::ffff:cb00:7109")).toBe("203.0.113.9");
  });

  it("groups an IPv6 address by its /64, however it is written", () => {
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0DB8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
  });

  it("returns anything else unchanged", () => {
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});
