import { describe, expect, it } from "vitest";
import type { DatasetProfile } from "@/lib/dataset/types";
import { exampleInstructions } from "./examples";

const profile: DatasetProfile = {
  columns: [
    { name: "sku", index: 0, type: "text", emptyCount: 0, distinctCount: 3 },
    {
      name: "category",
      index: 1,
      type: "text",
      emptyCount: 0,
      distinctCount: 2,
      distinctValues: ["fitness", "yoga"],
    },
    { name: "price", index: 2, type: "number", emptyCount: 0, distinctCount: 3 },
    { name: "in_stock", index: 3, type: "boolean", emptyCount: 0, distinctCount: 2 },
  ],
  rowCount: 3,
  keyColumn: "sku",
  shorthand: { key: "sku", category: "category", price: "price", stock: "in_stock" },
  sampleRows: [["A101", "fitness", "29.99", "true"]],
};

describe("exampleInstructions", () => {
  it("writes examples from the dataset's own categories and keys", () => {
    expect(exampleInstructions(profile)).toEqual([
      "Increase prices by 10% for all in-stock fitness products",
      "Discount yoga by 15%, never below $10",
      "Set the price of A101 to 25",
      "Mark yoga as out of stock",
    ]);
  });

  it("offers nothing about prices when the dataset has no price column", () => {
    const noPrice = { ...profile, shorthand: { key: "sku", category: "category" } };
    expect(exampleInstructions(noPrice)).toEqual([]);
  });
});
