import { describe, expect, it } from "vitest";
import { CsvError, parseCsv } from "@/lib/dataset/csv";

/**
 * Finding: a 60 MB file that is one long header row was parsed into a million columns (1.5 GB of
 * memory, a 314 MB response), and a million-column header blocked the server for seconds. A
 * table has at most 1,000 columns, each named in at most 1,000 characters, and the parse stops
 * reading a header as soon as it passes either limit.
 */
const bytes = (text: string) => new TextEncoder().encode(text);

function refusal(text: string): CsvError {
  try {
    parseCsv(bytes(text));
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
  throw new Error("parsed");
}

describe("limits on a table's shape", () => {
  it("refuses more than 1,000 columns with a clear message", () => {
    const header = Array.from({ length: 1_001 }, (_, index) => `c${index}`).join(",");
    const error = refusal(`${header}\n${"1,".repeat(1_000)}1\n`);
    expect(error.code).toBe("too_many_columns");
    expect(error.message).toMatch(/more than 1,000 columns/);
    expect(error.line).toBe(1);
  });

  it("refuses a million-column header without building it", () => {
    const error = refusal(`${"a,".repeat(1_000_000)}a\n`);
    expect(error.code).toBe("too_many_columns");
  });

  it("refuses a column name longer than 1,000 characters", () => {
    const error = refusal(`sku,${"x".repeat(1_001)}\nA1,1\n`);
    expect(error.code).toBe("long_header");
    expect(error.message).toMatch(/column 2/);
  });

  it("accepts exactly 1,000 columns", () => {
    const header = Array.from({ length: 1_000 }, (_, index) => `c${index}`).join(",");
    expect(parseCsv(bytes(`${header}\n${"1,".repeat(999)}1\n`)).columnCount).toBe(1_000);
  });
});
