import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/**
 * A subscription book the corpus does not have: a yes/no "auto_renew" beside a "renewal_date",
 * and counts of seats.
 */
const PLANS = ["Starter", "Team", "Business", "Enterprise"];
const subscriptions = tableProfile([
  "customer_id,company,plan,seats,monthly_fee,country,auto_renew,renewal_date",
  ...Array.from({ length: 80 }, (_, i) => {
    const seats = 1 + ((i * 29) % 150);

    return `C${String(i).padStart(4, "0")},Company ${i},${PLANS[i % 4]},${seats},${seats * 12},${["US", "Japan", "Canada"][i % 3]},${i % 2 === 0},2027-${String((i % 12) + 1).padStart(2, "0")}-01`;
  }),
]);

const { operations } = rulesOn(subscriptions);

describe("a subscription book", () => {
  it("reads a number and a numeric column after a step verb as the step", () => {
    expect(operations("add 10 seats to C0005")).toEqual([
      {
        filter: { all: [{ column: "customer_id", op: "eq", value: "C0005" }] },
        action: { type: "fixed_increase", column: "seats", value: 10 },
      },
    ]);
    // Anywhere else "10 seats" names rows.
    expect(operations("raise fees by 5% for customers with 10 seats")[0].filter).toEqual({
      all: [{ column: "seats", op: "eq", value: 10 }],
    });
  });

  it("reads the verb of a date column's noun before a date as that column", () => {
    const before = { all: [{ column: "renewal_date", op: "lt", value: "2027-06-01" }] };
    // "renewing" once also added auto_renew = true, which nobody said.
    expect(
      operations("increase fees by 5% for accounts renewing before June 2027")[0].filter,
    ).toEqual(before);
    expect(
      operations("lower fees 2% for customers that renewed before June 2027")[0].filter,
    ).toEqual(before);
    expect(operations("raise fees 3% for customers on auto renew")[0].filter).toEqual({
      all: [{ column: "auto_renew", op: "eq", value: true }],
    });
  });
});
