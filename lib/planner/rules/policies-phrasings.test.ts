import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** An insurer's policies, a table the corpus lacks, with two columns of dates. */

const policies = rulesOnTable([
  "policy_id,holder,product,premium,start_date,renewal_date,status",
  "P-5000,Dev Rao,pet,1290.00,2025-03-01,2026-03-01,active",
  "P-5001,Ann Cho,life,460.00,2025-10-01,2026-10-01,lapsed",
  "P-5002,Li Wei,auto,880.00,2025-05-01,2026-05-01,active",
  "P-5003,Sam Ode,home,990.00,2024-03-01,2026-09-01,active",
]);

describe("a month said without its year, after the column it is of", () => {
  it("takes the year that column has it in ('renewing in March')", () => {
    expect(policies.operation("bump premiums 4% for policies renewing in March").filter).toEqual({
      all: [
        { column: "renewal_date", op: "gte", value: "2026-03-01" },
        { column: "renewal_date", op: "lt", value: "2026-04-01" },
      ],
    });
    expect(
      policies.operation("bump premiums 4% for policies renewing between March and May").filter,
    ).toEqual({
      all: [
        { column: "renewal_date", op: "gte", value: "2026-03-01" },
        { column: "renewal_date", op: "lt", value: "2026-06-01" },
      ],
    });
  });

  it("still asks which year when that column has it in several ('starting in March')", () => {
    expect(policies.refusal("bump premiums 4% for policies starting in March")).toContain(
      "starting in March",
    );
  });
});
