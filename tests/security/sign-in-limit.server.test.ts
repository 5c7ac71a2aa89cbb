import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerFixture, startServerWithFreshData } from "../server/support/fixture";

/**
 * Finding: the sign-in limit keyed on a client-supplied X-Forwarded-For, so a guesser sending a
 * new address with every attempt was never limited. Against the production server: the address
 * is the connection's, whatever the header says.
 */
let fixture: ServerFixture;

beforeAll(async () => {
  fixture = await startServerWithFreshData({ env: { SIGNOFF_SIGN_IN_ATTEMPTS: "5" } });
});
afterAll(async () => {
  await fixture?.dispose();
});

describe("the sign-in limit", () => {
  it("counts attempts per connection address, ignoring a forged X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) {
      const response = await fetch(`${fixture.server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: fixture.server.url,
          "x-forwarded-for": `203.0.113.${index + 1}`,
        },
        body: JSON.stringify({ email: "nobody@example.com", password: "guess-guess" }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});
