import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A vet practice's patients, a table the corpus lacks. */

const vet = rulesOnTable([
  "patient_id,pet_name,species,owner,last_visit,vaccinated,weight_kg,fee,clinic",
  "P001,Biscuit,dog,Ana Lopez,2026-09-14,yes,12.4,45.00,North",
  "P002,Mittens,cat,Tom Reed,2026-10-02,no,4.1,38.00,South",
  "P003,Rex,dog,Sara Khan,2026-08-21,yes,30.2,45.00,North",
  "P004,Nibbles,rabbit,Ana Lopez,2026-11-03,no,1.8,30.00,East",
  "P005,Shadow,cat,Lee Wong,2026-07-30,yes,5.0,38.00,South",
  "P006,Goldie,fish,Tom Reed,2026-06-11,no,0.1,15.00,East",
  "P007,Bella,dog,Mia Rossi,2026-11-10,no,22.0,45.00,South",
]);

describe("a yes/no column said not to be so 'yet'", () => {
  const vaccinate = { type: "set_value", column: "vaccinated", value: true };
  const unvaccinatedDogs = {
    all: [{ column: "species", op: "eq", value: "dog" }],
    none: [{ column: "vaccinated", op: "eq", value: true }],
  };

  it("reads 'not yet' and '… yet' as not", () => {
    expect(vet.operations("vaccinate every dog that isn't vaccinated yet")).toEqual([
      { filter: unvaccinatedDogs, action: vaccinate },
    ]);
    expect(vet.operations("mark dogs not yet vaccinated as vaccinated")).toEqual([
      { filter: unvaccinatedDogs, action: vaccinate },
    ]);
  });
});

describe("a refusal after rows shared from an earlier change", () => {
  it("quotes the change it could not read, not an empty text", () => {
    // The second change borrows the first one's rows (the dogs) and says no new value.
    expect(vet.refusal("dogs went up 4%, update the fee")).toContain(
      '", update the fee" does not say what to set.',
    );
  });
});

describe("a verb made of a yes/no column, after another change", () => {
  const dogs = { all: [{ column: "species", op: "eq", value: "dog" }] };
  const raise = { type: "percent_increase", column: "fee", value: 10 };
  const vaccinate = { type: "set_value", column: "vaccinated", value: true };

  it("is that clause's own verb, about the rows 'them' points back to", () => {
    expect(vet.operations("raise dog fees by 10% and vaccinate them")).toEqual([
      { filter: dogs, action: raise },
      { filter: dogs, action: vaccinate },
    ]);
    expect(vet.operations("raise dog fees by 10% and vaccinate the dogs")).toEqual([
      { filter: dogs, action: raise },
      { filter: dogs, action: vaccinate },
    ]);
  });
});
