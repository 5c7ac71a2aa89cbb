import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** Vendor contracts, library loans and a payroll: tables the corpus does not have. */
const contracts = tableProfile([
  "contract_no,vendor,department,annual_value,end_date,auto_renew,owner",
  "C-100,Acme Cleaning,Facilities,24000,2026-12-31,true,J. Park",
  "C-101,Byte Soft,IT,120000,2027-05-31,false,M. Chen",
  "C-102,Green Foods,Catering,18000,2026-02-28,true,J. Park",
  "C-103,SecureCo,Security,56000,2028-12-31,false,R. Diaz",
  "C-104,PaperPlus,Office,3200,2026-08-31,true,M. Chen",
]);
const contractValues = new Map([
  ["vendor", ["Acme Cleaning", "Byte Soft", "Green Foods", "SecureCo", "PaperPlus"]],
  ["department", ["Facilities", "IT", "Catering", "Security", "Office"]],
  ["owner", ["J. Park", "M. Chen", "J. Park", "R. Diaz", "M. Chen"]],
]);

describe("vendor contracts", () => {
  const { operations } = rulesOn(contracts, { knownValues: contractValues });
  const it10 = {
    filter: { all: [{ column: "department", op: "eq", value: "IT" }] },
    action: { type: "percent_decrease", column: "annual_value", value: 10 },
  };

  it("reads a value written in capitals that is also a word as the value ('IT')", () => {
    // "IT" was read as the pronoun "it": the cut applied to every contract.
    expect(operations("cut every IT contract by 10%")).toEqual([it10]);
    expect(operations("department IT: cut annual value by 10%")).toEqual([it10]);
  });

  it("keeps 'it' in lower case a pronoun", () => {
    expect(operations("raise it by 5%")).toEqual([
      { filter: {}, action: { type: "percent_increase", column: "annual_value", value: 5 } },
    ]);
  });

  it("reads a name with an initial ('J. Park') across its dot", () => {
    expect(operations("turn off auto renew for contracts owned by J. Park")).toEqual([
      {
        filter: { all: [{ column: "owner", op: "eq", value: "J. Park" }] },
        action: { type: "set_value", column: "auto_renew", value: false },
      },
    ]);
    expect(operations("reassign all of M. Chen's contracts to R. Diaz")).toEqual([
      {
        filter: { all: [{ column: "owner", op: "eq", value: "M. Chen" }] },
        action: { type: "set_value", column: "owner", value: "R. Diaz" },
      },
    ]);
  });
});

const loans = tableProfile([
  "loan_id,borrower,book_title,branch,due_date,returned,late_fee,renewals",
  "L001,Ana Ruiz,The Hobbit,Central,2026-11-10,no,0.00,0",
  "L002,Ben Ode,Dune,Westside,2026-11-30,no,0.00,1",
  "L003,Cy Park,Emma,Central,2026-10-01,yes,2.50,2",
  "L004,Di Sun,Beloved,Eastgate,2026-11-15,no,1.00,0",
  "L005,Ed Fox,Ulysses,Westside,2026-12-05,no,0.00,3",
]);

describe("library loans", () => {
  const { operations } = rulesOn(loans, {
    knownValues: new Map([["branch", ["Central", "Westside", "Central", "Eastgate", "Westside"]]]),
  });
  const markReturned = {
    filter: { all: [{ column: "renewals", op: "gt", value: 2 }] },
    action: { type: "set_value", column: "returned", value: true },
  };

  it("reads a change said in the passive ('should be marked', 'are to be set to')", () => {
    expect(operations("anything over 2 renewals should be marked returned")).toEqual([
      markReturned,
    ]);
    expect(operations("loans with more than 2 renewals are to be marked as returned")).toEqual([
      markReturned,
    ]);
    expect(operations("loans with more than 2 renewals should be set to returned")).toEqual([
      markReturned,
    ]);
  });

  it("clears the column compared right after 'clear'", () => {
    // "does not say which one column to clear": the compared column is the one.
    const underADollar = {
      filter: { all: [{ column: "late_fee", op: "lt", value: 1 }] },
      action: { type: "set_value", column: "late_fee", value: "" },
    };
    expect(operations("clear late fees under 1")).toEqual([underADollar]);
    expect(operations("clear late fees under a dollar")).toEqual([underADollar]);
  });
});

const payroll = tableProfile([
  "employee_id,full_name,dept,title,salary,bonus_pct,start_date",
  "E01,Ana Ruiz,Sales,Account Exec,62000,5,2021-04-12",
  "E02,Ben Ode,Engineering,Engineer II,98000,8,2019-09-01",
  "E03,Cy Park,Engineering,Senior Engineer,125000,10,2016-02-15",
  "E04,Di Sun,Support,Support Lead,54000,3,2022-07-30",
  "E05,Dana Ek,Sales,Sales Manager,88000,12,2018-11-05",
]);
const staff = new Map([
  ["full_name", ["Ana Ruiz", "Ben Ode", "Cy Park", "Di Sun", "Dana Ek"]],
  ["dept", ["Sales", "Engineering", "Engineering", "Support", "Sales"]],
  ["title", ["Account Exec", "Engineer II", "Senior Engineer", "Support Lead", "Sales Manager"]],
]);

describe("a payroll", () => {
  const { operations, refusal } = rulesOn(payroll, { knownValues: staff });
  const ben = { all: [{ column: "full_name", op: "eq", value: "Ben Ode" }] };

  it("reads a capitalised three-letter first name as the one person who has it", () => {
    // "Ana" names Ana Ruiz alone, not every name containing "ana" (Dana Ek).
    expect(operations("raise Ana's salary by 5%")).toEqual([
      {
        filter: { all: [{ column: "full_name", op: "eq", value: "Ana Ruiz" }] },
        action: { type: "percent_increase", column: "salary", value: 5 },
      },
    ]);
    expect(refusal("raise ana's salary by 5%")).toContain("ana's");
  });

  it("reads a new title made of words other titles have ('Staff Engineer', 'Lead Engineer')", () => {
    expect(operations("change Ben's title to Staff Engineer")).toEqual([
      { filter: ben, action: { type: "set_value", column: "title", value: "Staff Engineer" } },
    ]);
    expect(operations("set Ben's title to Engineer III")).toEqual([
      { filter: ben, action: { type: "set_value", column: "title", value: "Engineer III" } },
    ]);
    expect(operations("set the title of E02 to Lead Engineer")).toEqual([
      {
        filter: { all: [{ column: "employee_id", op: "eq", value: "E02" }] },
        action: { type: "set_value", column: "title", value: "Lead Engineer" },
      },
    ]);
  });

  it("gives changes joined in one sentence the rows one of them names", () => {
    // The first change applied to everyone, or the second was refused for naming no rows.
    const support = { all: [{ column: "dept", op: "eq", value: "Support" }] };
    const both = [
      { filter: support, action: { type: "percent_increase", column: "salary", value: 3 } },
      { filter: support, action: { type: "fixed_increase", column: "bonus_pct", value: 1 } },
    ];
    expect(operations("raise salaries by 3% and bonuses by 1 point, only for Support")).toEqual(
      both,
    );
    expect(operations("raise Support salaries by 3% and bonuses by 1 point")).toEqual(both);
    expect(operations("for Support, raise salaries by 3% and bonuses by 1 point")).toEqual(both);
    expect(operations("raise salaries by 3% and bonuses by 1 point")).toEqual([
      { filter: {}, action: { type: "percent_increase", column: "salary", value: 3 } },
      { filter: {}, action: { type: "fixed_increase", column: "bonus_pct", value: 1 } },
    ]);
  });

  it("reads 'N extra' or 'N more' before a column as an increase", () => {
    // "give … 2 extra bonus points" set every bonus to 2.
    const before2020 = { all: [{ column: "start_date", op: "lt", value: "2020-01-01" }] };
    const twoMore = { type: "fixed_increase", column: "bonus_pct", value: 2 };
    expect(operations("give people who started before 2020 2 extra bonus points")).toEqual([
      { filter: before2020, action: twoMore },
    ]);
    expect(operations("people who started before 2020 get 2 extra bonus points")).toEqual([
      { filter: before2020, action: twoMore },
    ]);
  });
});

const tickets = tableProfile([
  "ticket,subject,customer,priority,status,assignee,sla_hours,escalated",
  "T-100,Login fails,Acme,high,open,sam,24,no",
  "T-101,Invoice wrong,Globex,low,pending,li,72,no",
  "T-102,Crash on save,Acme,urgent,open,,4,yes",
  "T-103,Export slow,Initech,medium,closed,sam,48,no",
  "T-104,Password reset,Globex,low,open,li,72,no",
]);

describe("a help desk with an 'escalated' column", () => {
  const { operations } = rulesOn(tickets, {
    knownValues: new Map([
      ["customer", ["Acme", "Globex", "Acme", "Initech", "Globex"]],
      ["priority", ["high", "low", "urgent", "medium", "low"]],
      ["assignee", ["sam", "li", "", "sam", "li"]],
    ]),
  });
  const t102 = { all: [{ column: "ticket", op: "eq", value: "T-102" }] };

  it("reads the verb of a yes/no column's participle as switching it ('escalate', 'de-escalate')", () => {
    // "escalate" is also a step ("escalate low tickets to medium"): with no amount and nothing
    // to step to, it was refused for saying not by how much.
    expect(operations("escalate every urgent ticket")).toEqual([
      {
        filter: { all: [{ column: "priority", op: "eq", value: "urgent" }] },
        action: { type: "set_value", column: "escalated", value: true },
      },
    ]);
    expect(operations("de-escalate T-102")).toEqual([
      { filter: t102, action: { type: "set_value", column: "escalated", value: false } },
    ]);
    expect(operations("escalate low tickets to medium")).toEqual([
      {
        filter: { all: [{ column: "priority", op: "eq", value: "low" }] },
        action: { type: "set_value", column: "priority", value: "medium" },
      },
    ]);
  });

  it("reads giving or handing rows to someone as setting who has them", () => {
    const toLi = { type: "set_value", column: "assignee", value: "li" };
    const acme = { all: [{ column: "customer", op: "eq", value: "Acme" }] };
    expect(operations("give all Acme tickets to li")).toEqual([{ filter: acme, action: toLi }]);
    expect(operations("hand all Acme tickets to li")).toEqual([{ filter: acme, action: toLi }]);
    expect(operations("hand over the Acme tickets to li")).toEqual([
      { filter: acme, action: toLi },
    ]);
  });
});

describe("new states of a status column", () => {
  const { operations } = rulesOn(tickets, {
    knownValues: new Map([
      ["customer", ["Acme", "Globex", "Acme", "Initech", "Globex"]],
      ["status", ["open", "pending", "open", "closed", "open"]],
    ]),
  });
  const acme = { all: [{ column: "customer", op: "eq", value: "Acme" }] };
  const status = (value: string) => ({ type: "set_value", column: "status", value });

  it("reads a new state that opens with a little word ('on hold', 'in progress')", () => {
    expect(operations("set status to on hold for Acme tickets")).toEqual([
      { filter: acme, action: status("on hold") },
    ]);
    expect(operations("set status to in progress for Acme tickets")).toEqual([
      { filter: acme, action: status("in progress") },
    ]);
  });

  it("reads a new state that starts with an existing one ('pending review')", () => {
    expect(operations("set status to pending review on Acme tickets")).toEqual([
      { filter: acme, action: status("pending review") },
    ]);
    expect(operations("set status to pending for Acme tickets")).toEqual([
      { filter: acme, action: status("pending") },
    ]);
  });
});
