import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A help desk where people take over each other's tickets. */
const tickets = tableProfile([
  "ticket_id,subject,priority,status,assignee",
  "T-1,Login fails,urgent,open,Mia Wong",
  "T-2,Refund request,low,open,Jean-Luc",
  "T-3,Printer jam,urgent,pending,Jean-Luc",
  "T-4,VPN down,high,open,Omar Haddad",
]);

describe("taking over", () => {
  const { operations, refusal } = rulesOn(tickets, {
    knownValues: new Map([
      ["subject", ["Login fails", "Refund request", "Printer jam", "VPN down"]],
      ["priority", ["urgent", "low", "urgent", "high"]],
      ["status", ["open", "open", "pending", "open"]],
      ["assignee", ["Mia Wong", "Jean-Luc", "Jean-Luc", "Omar Haddad"]],
    ]),
  });
  const to = (value: string) => ({ type: "set_value", column: "assignee", value });

  it("sets who takes over the rows named after 'takes over'", () => {
    expect(operations("Mia Wong takes over every urgent ticket")).toEqual([
      {
        filter: { all: [{ column: "priority", op: "eq", value: "urgent" }] },
        action: to("Mia Wong"),
      },
    ]);
    expect(operations("Jean-Luc will take over the VPN down ticket")).toEqual([
      {
        filter: { all: [{ column: "subject", op: "eq", value: "VPN down" }] },
        action: to("Jean-Luc"),
      },
    ]);
  });

  it("refuses a taking over that names no rows", () => {
    expect(refusal("Mia Wong takes over")).toMatch(/Mia Wong|takes/);
  });
});
