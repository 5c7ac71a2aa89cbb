import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A help desk where people take over each other's tickets, and tickets get a due time. */
const tickets = tableProfile([
  "ticket_id,subject,priority,status,assignee,escalation_level",
  "T-1,Login fails,urgent,open,Mia Wong,1",
  "T-2,Refund request,low,open,Jean-Luc,0",
  "T-3,Printer jam,urgent,pending,Jean-Luc,1",
  "T-4,VPN down,high,open,Omar Haddad,0",
  "T-5,Password reset,low,on hold,Mia Wong,0",
]);

describe("taking over", () => {
  const { operations, refusal } = rulesOn(tickets, {
    knownValues: new Map([
      ["subject", ["Login fails", "Refund request", "Printer jam", "VPN down", "Password reset"]],
      ["priority", ["urgent", "low", "urgent", "high", "low"]],
      ["status", ["open", "open", "pending", "open", "on hold"]],
      ["assignee", ["Mia Wong", "Jean-Luc", "Jean-Luc", "Omar Haddad", "Mia Wong"]],
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

  it("reads '<rows> get a <column> of <number>' as setting the column", () => {
    expect(operations("urgent tickets get an escalation level of 2")).toEqual([
      {
        filter: { all: [{ column: "priority", op: "eq", value: "urgent" }] },
        action: { type: "set_value", column: "escalation_level", value: 2 },
      },
    ]);
  });

  it("reads 'put <rows> on hold' as setting the status the table has", () => {
    expect(operations("put all pending tickets on hold")).toEqual([
      {
        filter: { all: [{ column: "status", op: "eq", value: "pending" }] },
        action: { type: "set_value", column: "status", value: "on hold" },
      },
    ]);
  });
});
