import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A vet's patients, weighed at each visit. */

const clinic = rulesOnTable([
  "patient_id,name,species,owner,weight_kg,last_visit,microchipped,balance_due",
  "P-01,Bella,dog,Hannah Price,28.4,2026-10-02,true,0.00",
  "P-02,Milo,cat,Tom Ridge,4.1,2026-09-18,false,45.00",
  "P-03,Rex,dog,Tom Ridge,33.0,2026-11-20,true,120.50",
]);

const rex = { all: [{ column: "name", op: "eq", value: "Rex" }] };

describe("a measure gained or lost", () => {
  it("steps the column by what was gained or put on, not set it to that", () => {
    for (const instruction of ["Rex put on 1.5 kg", "Rex gained 1.5 kg"]) {
      expect(clinic.operations(instruction)).toEqual([
        { filter: rex, action: { type: "fixed_increase", column: "weight_kg", value: 1.5 } },
      ]);
    }
  });

  it("lowers it by what was lost", () => {
    expect(clinic.operations("Rex lost 2 kilos")).toEqual([
      { filter: rex, action: { type: "fixed_decrease", column: "weight_kg", value: 2 } },
    ]);
  });

  it("still reads 'put' before the rows as setting: 'put Rex on 30 kg'", () => {
    expect(clinic.operations("put Rex on 30 kg")).toEqual([
      { filter: rex, action: { type: "set_value", column: "weight_kg", value: 30 } },
    ]);
  });
});
