import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A repair shop's tickets and a venue's shows: states said in other words than the table's. */

const repairs = rulesOnTable([
  "ticket,customer,device,issue,status,priority,technician,estimate,parts_ordered,opened_on",
  "R-101,Mara Holt,laptop,won't boot,open,high,Dev,120.00,false,2026-11-02",
  "R-102,Sam Ortiz,phone,cracked screen,waiting for parts,medium,Ines,89.00,true,2026-11-10",
  "R-103,Lena Park,tablet,battery,open,low,Dev,65.00,false,2026-11-18",
  "R-104,Ovid Grant,laptop,keyboard,closed,medium,Ines,140.00,true,2026-10-28",
]);

const shows = rulesOnTable([
  "show_id,city,venue,date,state,tickets_sold",
  "S1,Lyon,Halle Tony Garnier,2026-12-04,scheduled,3200",
  "S2,Porto,Coliseu,2026-12-09,cancelled,0",
  "S3,Ghent,Vooruit,2026-12-12,scheduled,800",
]);

const r103 = { all: [{ column: "ticket", op: "eq", value: "R-103" }] };
const closed = { type: "set_value", column: "status", value: "closed" };

describe("a state said in other words than the table's", () => {
  it("reads 'done', 'resolved' and 'finished' as the table's 'closed'", () => {
    for (const instruction of ["R-103 is done", "mark R-103 as resolved", "R-103 is finished"]) {
      expect(repairs.operations(instruction)).toEqual([{ filter: r103, action: closed }]);
    }
    expect(repairs.operations("set the estimate of done tickets to 0")).toEqual([
      {
        filter: { all: [{ column: "status", op: "eq", value: "closed" }] },
        action: { type: "set_value", column: "estimate", value: 0 },
      },
    ]);
  });

  it("reads 'called off' as the table's 'cancelled'", () => {
    expect(shows.operations("the Lyon show was called off")).toEqual([
      {
        filter: { all: [{ column: "city", op: "eq", value: "Lyon" }] },
        action: { type: "set_value", column: "state", value: "cancelled" },
      },
    ]);
  });

  it("leaves a word two of the table's states could mean alone", () => {
    const tasks = rulesOnTable(["task,status", "T1,closed", "T2,completed", "T3,open"]);
    expect(tasks.refusal("T3 is done")).toBeDefined();
    expect(tasks.operations("T3 is completed")).toEqual([
      {
        filter: { all: [{ column: "task", op: "eq", value: "T3" }] },
        action: { type: "set_value", column: "status", value: "completed" },
      },
    ]);
  });
});

describe("news of a state", () => {
  it("sets a value said as news: 'the Lyon show was cancelled', 'got cancelled'", () => {
    for (const instruction of ["the Lyon show was cancelled", "the Lyon show got cancelled"]) {
      expect(shows.operations(instruction)).toEqual([
        {
          filter: { all: [{ column: "city", op: "eq", value: "Lyon" }] },
          action: { type: "set_value", column: "state", value: "cancelled" },
        },
      ]);
    }
    expect(repairs.operations("R-103 was resolved")).toEqual([{ filter: r103, action: closed }]);
  });

  it("does not read 'was' before a state that is not a participle: it may no longer be", () => {
    expect(repairs.refusal("R-103 was open")).toBeDefined();
  });
});

describe("repairs as the rows", () => {
  it("reads 'the phone repairs' as the rows whose device is phone", () => {
    expect(repairs.operations("mark the phone repairs as waiting for parts")).toEqual([
      {
        filter: { all: [{ column: "device", op: "eq", value: "phone" }] },
        action: { type: "set_value", column: "status", value: "waiting for parts" },
      },
    ]);
  });
});

describe("what a row now is", () => {
  const payroll = rulesOnTable([
    "emp_no,full_name,dept,title,base_salary,remote,manager",
    "E01,Nadia Karim,Finance,Analyst,61000,true,Omar Vale",
    "E03,Ruth Amos,Sales,Account Exec,54000,true,Jo Reyes",
    "E04,Kai Moreau,Sales,Sales Lead,72000,false,Jo Reyes",
    "E05,Lia Brandt,Ops,Coordinator,47000,false,Omar Vale",
  ]);
  const kai = { all: [{ column: "full_name", op: "eq", value: "Kai Moreau" }] };

  it("sets the value said after 'now', with its column's words or without", () => {
    expect(payroll.operations("Kai now reports to Omar Vale")).toEqual([
      { filter: kai, action: { type: "set_value", column: "manager", value: "Omar Vale" } },
    ]);
    expect(payroll.operations("Kai now in Finance")).toEqual([
      { filter: kai, action: { type: "set_value", column: "dept", value: "Finance" } },
    ]);
  });

  it("reads 'is going' as 'goes': 'Kai is going remote'", () => {
    expect(payroll.operations("Kai is going remote")).toEqual([
      { filter: kai, action: { type: "set_value", column: "remote", value: true } },
    ]);
  });

  it("still reads 'now' beside a verb as a word that changes nothing", () => {
    expect(payroll.operations("raise the salary of everyone now in Sales by 2%")).toEqual([
      {
        filter: { all: [{ column: "dept", op: "eq", value: "Sales" }] },
        action: { type: "percent_increase", column: "base_salary", value: 2 },
      },
    ]);
  });
});
