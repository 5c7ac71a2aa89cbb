// Types of scripts/client-address.mjs, for the tests that check it.
export function trustedProxies(list: string | undefined): Set<string>;
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: Set<string>,
): string;
