import { beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { cachedTable, rememberTable, tableCacheStats } from "./table-cache";

/** A catalog of `rows` rows, about 40 bytes each. */
function catalog(rows: number, seed: string) {
  const lines = ["sku,name,category,price"];
  for (let row = 0; row < rows; row++) {
    lines.push(`${seed}-${row},Item number ${row},cat-${row % 7},${(row % 500) + 0.99}`);
  }
  return parseCsv(new TextEncoder().encode(`${lines.join("\n")}\n`));
}

beforeAll(() => {
  // Read on the cache's first use; one megabyte holds one of these tables, not two.
  process.env.SIGNOFF_TABLE_CACHE_MB = "1";
});

describe("the parsed-table cache", () => {
  it("measures a table by what it holds, which grows as lookups are built on it", () => {
    const table = catalog(5_000, "m");
    const fresh = table.memoryBytes();
    // An ASCII file is read from its bytes: its offsets are counted, and no text yet.
    expect(fresh).toBeGreaterThan(table.bytes.byteLength + table.fieldStart.byteLength);
    expect(fresh).toBeLessThan(2 * table.bytes.byteLength);
    expect(table.text.length).toBe(table.bytes.byteLength);
    expect(table.memoryBytes()).toBe(fresh + table.bytes.byteLength);
    table.setKeyColumn("sku");
    table.rowOfKey("m-10");
    table.dictionary(2, 100);
    expect(table.memoryBytes()).toBeGreaterThan(fresh + 5_000 * 4 * 3);
  });

  it("keeps the most recently used tables within the limit and counts hits, misses and evictions", () => {
    const first = catalog(10_000, "a");
    const second = catalog(10_000, "b");
    expect(first.memoryBytes()).toBeGreaterThan(512 * 1024);
    expect(first.memoryBytes()).toBeLessThan(1024 * 1024);

    const before = tableCacheStats();
    expect(cachedTable("v-a")).toBeUndefined();
    rememberTable("v-a", first);
    expect(cachedTable("v-a")).toBe(first);
    rememberTable("v-b", second);
    expect(cachedTable("v-a")).toBeUndefined();
    expect(cachedTable("v-b")).toBe(second);

    const after = tableCacheStats();
    expect(after.hits - before.hits).toBe(2);
    expect(after.misses - before.misses).toBe(2);
    expect(after.evictions - before.evictions).toBe(1);
    expect(after.entries).toBe(1);
    expect(after.heldBytes).toBeLessThanOrEqual(after.limitBytes);
    expect(after.limitBytes).toBe(1024 * 1024);
  });

  it("does not keep a table larger than the whole limit, and keeps what it held", () => {
    const kept = catalog(3_000, "k");
    rememberTable("v-k", kept);
    const huge = catalog(40_000, "h");
    rememberTable("v-h", huge);
    expect(cachedTable("v-h")).toBeUndefined();
    expect(cachedTable("v-k")).toBe(kept);
  });
});
