import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";
import { tokenize } from "./tokenize";

/**
 * A rent roll as a European office keeps it: semicolons, decimal commas, some units vacant.
 */
const BUILDINGS = ["Oak House", "Elm Court", "Pine Tower"];
const rents = tableProfile(
  [
    "Unit;Building;Bedrooms;Rent;Tenant;Floor",
    ...Array.from({ length: 60 }, (_, i) => {
      const bedrooms = i % 5;
      const building = BUILDINGS[i % 3];
      return `${building[0]}-${100 + i};${building};${bedrooms};${800 + bedrooms * 350 + (i % 7) * 10},00;${i % 4 === 0 ? "" : `Tenant ${i}`};${1 + (i % 12)}`;
    }),
  ],
  ";",
);

const { operations } = rulesOn(rents);

describe("numbers as decimal-comma countries write them", () => {
  it("reads 4,5 and 1.250,00 as one number each, and 1,500 as fifteen hundred", () => {
    const value = (text: string) => tokenize(text).map((token) => token.number?.value);
    expect(value("4,5%")).toEqual([4.5]);
    expect(value("1.250,00")).toEqual([1250]);
    expect(value("1250,5")).toEqual([1250.5]);
    expect(value("1,500")).toEqual([1500]);
    expect(value("1,250.75")).toEqual([1250.75]);
  });

  it("plans one operation of a step written with a decimal comma", () => {
    // Read as "4, 5%", this made two operations: +4 on every rent, +5% on Bedrooms.
    expect(operations("raise rent by 4,5% for units with 3 or more bedrooms")).toEqual([
      {
        filter: { all: [{ column: "Bedrooms", op: "gte", value: 3 }] },
        action: { type: "percent_increase", column: "Rent", value: 4.5 },
      },
    ]);
    expect(operations("set rent to 1.250,00 for O-100")).toEqual([
      {
        filter: { all: [{ column: "Unit", op: "eq", value: "O-100" }] },
        action: { type: "set_value", column: "Rent", value: 1250 },
      },
    ]);
  });
});

describe("a rent roll", () => {
  it("reads a count and a column with its bound (3 or more bedrooms, 2 or fewer)", () => {
    expect(operations("raise rent by 2% for units with 2 or fewer bedrooms")[0].filter).toEqual({
      all: [{ column: "Bedrooms", op: "lte", value: 2 }],
    });
    expect(operations("raise rent by 2% for units with 3+ bedrooms")[0].filter).toEqual({
      all: [{ column: "Bedrooms", op: "gte", value: 3 }],
    });
  });

  it("reads with and without a value of a text column", () => {
    // "with a tenant" once named no rows at all, and every rent was cut.
    expect(operations("cut rent 5% for units with a tenant")[0].filter).toEqual({
      all: [{ column: "Tenant", op: "not_empty" }],
    });
    for (const phrase of ["without a tenant", "with no tenant"]) {
      expect(operations(`cut rent 5% for units ${phrase}`)[0].filter).toEqual({
        all: [{ column: "Tenant", op: "is_empty" }],
      });
    }
  });
});

describe("a rent roll with a status column", () => {
  it("reads 'vacant' as the status the table writes, not as no tenant", () => {
    const units = tableProfile([
      "unit,building,bedrooms,rent,tenant,status",
      "A101,Oak,1,1200,Kim Lee,occupied",
      "A102,Oak,2,1650,,vacant",
      "B202,Elm,2,1700,Ivy Tan,notice",
    ]);
    const { operations } = rulesOn(units, {
      knownValues: new Map([["status", ["occupied", "vacant", "notice"]]]),
    });
    const b202 = { all: [{ column: "unit", op: "eq", value: "B202" }] };
    // "vacant" was read as an empty tenant, and "mark B202 vacant" set nothing.
    expect(operations("mark B202 vacant and clear its tenant")).toEqual([
      { filter: b202, action: { type: "set_value", column: "status", value: "vacant" } },
      { filter: b202, action: { type: "set_value", column: "tenant", value: "" } },
    ]);
    expect(operations("lower the rent of vacant units by 50")[0].filter).toEqual({
      all: [{ column: "status", op: "eq", value: "vacant" }],
    });
  });
});
