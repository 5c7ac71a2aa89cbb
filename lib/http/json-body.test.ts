import { describe, expect, it } from "vitest";
import { readJsonBody } from "./json-body";

function request(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/x", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
}

describe("readJsonBody", () => {
  it("reads JSON within the limit", async () => {
    expect(await readJsonBody(request('{"a":[1,2]}'), 100)).toEqual({ a: [1, 2] });
  });

  it("refuses a body declared or streamed past the limit", async () => {
    await expect(readJsonBody(request("x".repeat(200)), 100)).rejects.toMatchObject({
      code: "too_large",
    });
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64).fill(32));
      },
    });
    await expect(readJsonBody(request(stream), 1000)).rejects.toMatchObject({ code: "too_large" });
  });

  it("answers text that is not JSON, or nested too deep, as invalid input", async () => {
    for (const body of [
      "{",
      "",
      new Uint8Array([0xff]),
      `${"[".repeat(200_000)}${"]".repeat(200_000)}`,
    ]) {
      await expect(readJsonBody(request(body), 1_000_000)).rejects.toMatchObject({
        code: "invalid_input",
      });
    }
  });
});
