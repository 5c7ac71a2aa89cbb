import { describe, expect, it } from "vitest";
import { clientAddress, trustedProxies } from "../../scripts/client-address.mjs";

/**
 * Finding: a client chose its own address for the sign-in limit by sending X-Forwarded-For, and
 * could lock someone else out by naming their address. The address is the connection's unless
 * the connection comes from a proxy the operator named.
 */
describe("the client address", () => {
  const none = trustedProxies(undefined);

  it("is the connection's address when no proxy is trusted, whatever the header says", () => {
    expect(clientAddress("198.51.100.7", "203.0.113.9", none)).toBe("198.51.100.7");
    expect(clientAddress("::ffff:198.51.100.7", "10.0.0.1, 10.0.0.2", none)).toBe("198.51.100.7");
    expect(clientAddress("::1", undefined, none)).toBe("::1");
  });

  it("believes only the hops a trusted proxy added", () => {
    const trusted = trustedProxies("10.0.0.5, 10.0.0.6");
    // The load balancer (10.0.0.5) says it got the request from 198.51.100.7.
    expect(clientAddress("10.0.0.5", "198.51.100.7", trusted)).toBe("198.51.100.7");
    // A forged entry the client wrote sits left of the real one and is not read.
    expect(clientAddress("10.0.0.5", "192.0.2.1, 198.51.100.7", trusted)).toBe("198.51.100.7");
    // Two trusted proxies in a row.
    expect(clientAddress("::ffff:10.0.0.6", "198.51.100.7, 10.0.0.5", trusted)).toBe(
      "198.51.100.7",
    );
    // A trusted proxy that forwarded nothing is itself the client.
    expect(clientAddress("10.0.0.5", undefined, trusted)).toBe("10.0.0.5");
  });

  it("does not let a header from an untrusted connection name someone else", () => {
    const trusted = trustedProxies("10.0.0.5");
    expect(clientAddress("198.51.100.66", "198.51.100.7", trusted)).toBe("198.51.100.66");
  });
});
