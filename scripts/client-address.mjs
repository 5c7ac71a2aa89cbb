// The address a request came from, as the sign-in limit and the audit see it. It is the
// connection's own address; X-Forwarded-For is believed only when the connection comes from a
// proxy named in SIGNOFF_TRUSTED_PROXIES, and then only for the hops those proxies added.

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) and `10.0.0.1` are one address. */
function normalise(address) {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}

/** The trusted proxies from a comma-separated list of addresses. */
export function trustedProxies(list) {
  return new Set(
    (list ?? "")
      .split(",")
      .map(normalise)
      .filter((entry) => entry !== ""),
  );
}

/**
 * Walks X-Forwarded-For from the right (the hop nearest to us) while each hop is a trusted
 * proxy; the first address no trusted proxy vouches for is the client. Entries a client wrote
 * itself sit to the left of that point and are never read.
 */
export function clientAddress(socketAddress, forwardedFor, trusted) {
  let address = normalise(socketAddress ?? "");
  if (!trusted.has(address)) return address;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const hops = header
    .split(",")
    .map(normalise)
    .filter((hop) => hop !== "");
  while (hops.length > 0) {
    const hop = hops.pop();
    address = hop;
    if (!trusted.has(hop)) return hop;
  }
  return address;
}
