import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** An insurer's claims, a table the corpus lacks. */

const claims = rulesOnTable([
  "claim_id,policy_holder,claim_type,amount_claimed,amount_approved,status,adjuster,fraud_flag",
  "CL-1001,Hannah Moore,auto,5400.00,0,under review,Pat Kim,no",
  "CL-1002,Omar Said,home,12000.00,9500.00,approved,Lee Wong,no",
  "CL-1003,Julia Rossi,auto,2300.00,0,pending,Pat Kim,yes",
  "CL-1005,Maria Lopez,home,45000.00,0,under review,Lee Wong,no",
]);

const cl1005 = { all: [{ column: "claim_id", op: "eq", value: "CL-1005" }] };
const raise = { type: "percent_increase", column: "amount_approved", value: 5 };

describe("a yes/no column named '… flag'", () => {
  it("is said by its word alone: 'flag CL-1005 for fraud', 'mark … as fraud'", () => {
    const fraud = { type: "set_value", column: "fraud_flag", value: true };
    for (const instruction of [
      "flag CL-1005 for fraud",
      "flag CL-1005 as fraud",
      "mark CL-1005 as fraud",
    ]) {
      expect(claims.operations(instruction)).toEqual([{ filter: cl1005, action: fraud }]);
    }
  });
});

describe("'flagged' or 'marked' after the change's verb", () => {
  it("names the rows with the phrase, after 'as' too", () => {
    const flagged = { all: [{ column: "fraud_flag", op: "eq", value: true }] };
    for (const instruction of [
      "raise amount approved by 5% for claims flagged for fraud",
      "raise amount approved by 5% for claims marked as fraud",
    ]) {
      expect(claims.operations(instruction)).toEqual([{ filter: flagged, action: raise }]);
    }
  });

  it("names the rows without it after 'not'", () => {
    const clean = { all: [{ column: "fraud_flag", op: "eq", value: false }] };
    for (const instruction of [
      "raise amount approved by 5% for claims not flagged for fraud",
      "raise amount approved by 5% for claims not marked as fraud",
    ]) {
      expect(claims.operations(instruction)).toEqual([{ filter: clean, action: raise }]);
    }
  });
});
