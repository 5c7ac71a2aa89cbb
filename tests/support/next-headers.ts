import { requestHeaders } from "./auth";

/**
 * Stand-in for `next/headers` in integration tests: the request headers are the ones the test
 * chose with `actAs`, and cookies set by server code are collected rather than sent.
 */
export async function headers(): Promise<Headers> {
  return requestHeaders();
}

export async function cookies() {
  const jar = new Map<string, string>();
  return {
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => {
      jar.set(name, value);
    },
    delete: (name: string) => {
      jar.delete(name);
    },
  };
}
