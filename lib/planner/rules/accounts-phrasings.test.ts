import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A software company's customer accounts. */
const accounts = rulesOnTable([
  "account,company,plan,seats,mrr,churn_risk,csm,region",
  "A-100,Acme Corp,enterprise,250,12500,low,Nina Park,EMEA",
  "A-101,Globex,growth,40,1600,high,Omar Haddad,NA",
  "A-102,Initech,starter,5,150,medium,Nina Park,NA",
  "A-104,Hooli,enterprise,500,24000,medium,Lea Wong,NA",
]);

const company = (name: string) => ({ all: [{ column: "company", op: "eq", value: name }] });

describe("what happened to an account, told after the fact", () => {
  it("steps a count by what was added or dropped", () => {
    expect(accounts.operations("Globex added 10 seats")).toEqual([
      { filter: company("Globex"), action: { type: "fixed_increase", column: "seats", value: 10 } },
    ]);
    expect(accounts.operations("Hooli dropped 50 seats")).toEqual([
      { filter: company("Hooli"), action: { type: "fixed_decrease", column: "seats", value: 50 } },
    ]);
  });

  it("reads 'upgraded to' and 'were reassigned to' as moves", () => {
    expect(accounts.operations("Initech upgraded to growth")).toEqual([
      {
        filter: company("Initech"),
        action: { type: "set_value", column: "plan", value: "growth" },
      },
    ]);
    expect(accounts.operation("Omar's accounts were reassigned to Nina Park").action).toEqual({
      type: "set_value",
      column: "csm",
      value: "Nina Park",
    });
    expect(accounts.operation("we switched Globex to Lea Wong")).toEqual({
      filter: company("Globex"),
      action: { type: "set_value", column: "csm", value: "Lea Wong" },
    });
  });

  it("refuses a change the rows went through as a condition no column keeps", () => {
    // Each had given every account ten more seats.
    for (const instruction of [
      "accounts that have been upgraded get 10 more seats",
      "switched accounts get 10 more seats",
      "accounts that added 10 seats get 5% off mrr",
    ]) {
      expect(accounts.refusal(instruction)).toContain("Could not place");
    }
  });
});
