import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A gradebook, and a payroll and a hotel whose comparisons name another column than the price. */
const gradebook = tableProfile([
  "student_id,student,class,term,homework,midterm,final,grade",
  "S01,Ava Stone,Algebra I,Fall,88,74,81,B",
  "S02,Leo Grant,Algebra I,Fall,65,58,49,F",
  "S03,Mia Chen,Biology,Fall,92,95,97,A",
  "S04,Noah Brook,Biology,Spring,70,68,72,C",
  "S05,Zoe Kim,Chemistry,Spring,55,61,59,F",
]);

describe("a gradebook", () => {
  const { operations } = rulesOn(gradebook, {
    knownValues: new Map([
      ["class", ["Algebra I", "Algebra I", "Biology", "Biology", "Chemistry"]],
      ["term", ["Fall", "Fall", "Fall", "Spring", "Spring"]],
      ["grade", ["B", "F", "A", "C", "F"]],
    ]),
  });
  const biology = { all: [{ column: "class", op: "eq", value: "Biology" }] };

  it("reads 'curve' as a rise and 'scale' as a multiplication", () => {
    expect(operations("curve the Biology midterm by 5 points")).toEqual([
      { filter: biology, action: { type: "fixed_increase", column: "midterm", value: 5 } },
    ]);
    expect(operations("scale finals by 1.05 for the Spring term")).toEqual([
      {
        filter: { all: [{ column: "term", op: "eq", value: "Spring" }] },
        action: { type: "multiply", column: "final", value: 1.05 },
      },
    ]);
  });

  it("reads a column of numbers named with 'score' or 'marks' after it", () => {
    expect(operations("raise midterm scores by 2 for Biology")).toEqual([
      { filter: biology, action: { type: "fixed_increase", column: "midterm", value: 2 } },
    ]);
  });

  it("changes the column a clause compares when no other is named and there is no price", () => {
    // "does not name a column, and this dataset has no price column".
    const under60 = { all: [{ column: "midterm", op: "lt", value: 60 }] };
    expect(operations("bump all midterms under 60 up to 60")).toEqual([
      { filter: under60, action: { type: "set_value", column: "midterm", value: 60 } },
    ]);
    expect(operations("homework marks under 60: +5")).toEqual([
      {
        filter: { all: [{ column: "homework", op: "lt", value: 60 }] },
        action: { type: "fixed_increase", column: "homework", value: 5 },
      },
    ]);
  });

  it("reads a column named like the rows ('students' of student_id) as the rows", () => {
    expect(operations("set grade to D for students whose final is between 50 and 60")).toEqual([
      {
        filter: { all: [{ column: "final", op: "between", value: [50, 60] }] },
        action: { type: "set_value", column: "grade", value: "D" },
      },
    ]);
  });
});

const payroll = tableProfile([
  "employee_id,full_name,dept,salary,bonus_pct",
  "E01,Ana Ruiz,Sales,62000,5",
  "E02,Ben Ode,Engineering,98000,8",
  "E03,Cy Park,Engineering,125000,10",
  "E04,Di Sun,Support,54000,3",
]);
const hotel = tableProfile([
  "room,type,nightly_rate,max_guests",
  "101,single,89.00,1",
  "102,double,129.00,2",
  "201,suite,249.00,4",
]);

describe("a comparison right after a step verb", () => {
  it("names the column the step changes, not the price", () => {
    // Both raised the salary and the nightly rate: the wrong column.
    expect(rulesOn(payroll).operations("raise bonus pct under 5 by 1")).toEqual([
      {
        filter: { all: [{ column: "bonus_pct", op: "lt", value: 5 }] },
        action: { type: "fixed_increase", column: "bonus_pct", value: 1 },
      },
    ]);
    expect(rulesOn(hotel).operations("raise max guests under 2 by 1")).toEqual([
      {
        filter: { all: [{ column: "max_guests", op: "lt", value: 2 }] },
        action: { type: "fixed_increase", column: "max_guests", value: 1 },
      },
    ]);
  });

  it("looks past words for the rows ('every shift longer than 8 hours')", () => {
    const shifts = tableProfile([
      "shift_id,employee,hours,hourly_rate",
      "SH1,Ana Ruiz,6,15.50",
      "SH2,Ben Ode,9,18.00",
      "SH3,Cy Park,10,24.00",
    ]);
    // The hourly rate was cut to 8 where it was above 8.
    expect(rulesOn(shifts).operations("cut every shift longer than 8 hours to 8")).toEqual([
      {
        filter: { all: [{ column: "hours", op: "gt", value: 8 }] },
        action: { type: "set_value", column: "hours", value: 8 },
      },
    ]);
  });

  it("still raises the price for rows compared by it", () => {
    expect(rulesOn(hotel).operations("raise all rooms under 100 by 10%")).toEqual([
      {
        filter: { all: [{ column: "nightly_rate", op: "lt", value: 100 }] },
        action: { type: "percent_increase", column: "nightly_rate", value: 10 },
      },
    ]);
  });
});

const campaigns = tableProfile([
  "campaign_id,name,channel,budget,spend,status",
  "CMP-1,Black Friday Blast,email,5000,4200,running",
  "CMP-2,Spring Teaser,social,3000,3100,paused",
  "CMP-3,Brand Search,search,10000,6500,running",
  "CMP-4,Retargeting Q4,display,2500,800,draft",
]);

describe("verbs that put a campaign in a state", () => {
  const { operations } = rulesOn(campaigns, {
    knownValues: new Map([["status", ["running", "paused", "running", "draft"]]]),
  });
  const cmp2 = { all: [{ column: "campaign_id", op: "eq", value: "CMP-2" }] };

  it("sets the state the status column has for launch, resume and stop", () => {
    expect(operations("launch all draft campaigns")).toEqual([
      {
        filter: { all: [{ column: "status", op: "eq", value: "draft" }] },
        action: { type: "set_value", column: "status", value: "running" },
      },
    ]);
    expect(operations("resume CMP-2")).toEqual([
      { filter: cmp2, action: { type: "set_value", column: "status", value: "running" } },
    ]);
    expect(operations("stop CMP-2")).toEqual([
      { filter: cmp2, action: { type: "set_value", column: "status", value: "paused" } },
    ]);
  });
});

const menu = tableProfile([
  "item_id,dish,section,price,vegan",
  "M01,Margherita Pizza,mains,12.50,no",
  "M02,Vegan Curry,mains,14.00,yes",
  "M03,Chocolate Cake,desserts,6.50,no",
  "M04,Fruit Sorbet,desserts,5.00,yes",
]);
const tiers = tableProfile([
  "account_id,company,plan,monthly_fee",
  "A-1,Northwind,Pro,499.00",
  "A-2,Contoso,Basic,49.00",
  "A-3,Litware,Basic,29.00",
]);

describe("wishes and free things", () => {
  const { operations } = rulesOn(menu, {
    knownValues: new Map([
      ["dish", ["Margherita Pizza", "Vegan Curry", "Chocolate Cake", "Fruit Sorbet"]],
      ["section", ["mains", "mains", "desserts", "desserts"]],
    ]),
  });

  it("reads 'free' as a price of nothing", () => {
    expect(operations("make the Vegan Curry free")).toEqual([
      {
        filter: { all: [{ column: "dish", op: "eq", value: "Vegan Curry" }] },
        action: { type: "set_price", value: 0 },
      },
    ]);
  });

  it("keeps 'Free' written as a name a new value ('the Free plan')", () => {
    expect(
      rulesOn(tiers, {
        knownValues: new Map([["company", ["Northwind", "Contoso", "Litware"]]]),
      }).operations("set plan to Free for Litware"),
    ).toEqual([
      {
        filter: { all: [{ column: "company", op: "eq", value: "Litware" }] },
        action: { type: "set_value", column: "plan", value: "Free" },
      },
    ]);
  });

  it("reads a wish ('I want', 'we'd like') as the change", () => {
    const desserts = { all: [{ column: "section", op: "eq", value: "desserts" }] };
    expect(operations("I want all desserts to be vegan")).toEqual([
      { filter: desserts, action: { type: "set_value", column: "vegan", value: true } },
    ]);
    expect(operations("we'd like the desserts to cost 5% more")).toEqual([
      { filter: desserts, action: { type: "percent_increase", value: 5 } },
    ]);
  });
});
