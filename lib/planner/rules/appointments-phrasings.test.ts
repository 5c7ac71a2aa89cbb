import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A clinic's appointments, moved from day to day. */
const appointments = tableProfile([
  "appointment_id,patient,doctor,date,status",
  "AP-01,John Doe,Dr. Smith,2026-12-01,scheduled",
  "AP-02,Mary Major,Dr. Smith,2026-12-01,scheduled",
  "AP-03,Li Wei,Dr. Okafor,2026-12-01,scheduled",
  "AP-04,Sam Roe,Dr. Smith,2026-12-03,cancelled",
]);

describe("appointments", () => {
  const { operations } = rulesOn(appointments, {
    knownValues: new Map([
      ["patient", ["John Doe", "Mary Major", "Li Wei", "Sam Roe"]],
      ["doctor", ["Dr. Smith", "Dr. Smith", "Dr. Okafor", "Dr. Smith"]],
      ["status", ["scheduled", "scheduled", "scheduled", "cancelled"]],
    ]),
  });

  it("reads 'reschedule … to <day>' as setting the day", () => {
    expect(operations("reschedule AP-01 to 2026-12-03")).toEqual([
      {
        filter: { all: [{ column: "appointment_id", op: "eq", value: "AP-01" }] },
        action: { type: "set_value", column: "date", value: "2026-12-03" },
      },
    ]);
    expect(
      operations("reschedule all of Dr. Smith's appointments on 2026-12-01 to 2026-12-02"),
    ).toEqual([
      {
        filter: {
          all: [
            { column: "doctor", op: "eq", value: "Dr. Smith" },
            { column: "date", op: "gte", value: "2026-12-01" },
            { column: "date", op: "lt", value: "2026-12-02" },
          ],
        },
        action: { type: "set_value", column: "date", value: "2026-12-02" },
      },
    ]);
  });
});
