import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A wine merchant's list: a vintage per wine, and bottles in stock. */
const cellar = rulesOnTable([
  "sku,wine,region,vintage,price,stock,organic",
  "W001,Chateau Margaux,Bordeaux,2015,420.00,12,no",
  "W003,Barolo Riserva,Piedmont,2016,95.00,24,yes",
  "W004,Rioja Crianza,Rioja,2019,18.90,150,no",
  "W005,Chablis Premier Cru,Burgundy,2020,48.00,36,yes",
  "W009,Barolo Classico,Piedmont,2019,62.00,30,no",
]);

/** A museum's collection, with works from before 1900. */
const collection = rulesOnTable([
  "object_id,title,artist,gallery,insured_value,on_display,year",
  "M-01,Water Lilies,Claude Monet,Gallery 3,2500000,true,1906",
  "M-02,Self-Portrait,Rembrandt,Gallery 1,8000000,true,1659",
  "M-03,Untitled Sketch,Unknown,Storage,15000,false,1820",
  "M-05,Bronze Horse,Unknown,Storage,45000,false,1750",
]);

/** An HR lead's leave balances, each person with a manager. */
const leave = rulesOnTable([
  "emp_id,name,team,leave_days,sick_days,manager,remote",
  "E100,Hannah Cole,Engineering,25,10,Ravi Shah,true",
  "E101,Marco Rossi,Engineering,22,10,Ravi Shah,false",
  "E103,Sam Okafor,Support,20,10,Lena Berg,false",
  "E104,Julia Weiss,Support,18,6,Lena Berg,false",
]);

/** A college's course catalogue. */
const courses = rulesOnTable([
  "code,title,department,credits,capacity,fee,online",
  "CS101,Intro to Programming,Computer Science,4,120,850,true",
  "CS240,Data Structures,Computer Science,4,80,850,false",
  "MA110,Calculus I,Mathematics,3,150,700,true",
  "MA220,Linear Algebra,Mathematics,3,90,700,false",
]);

/** A software company's price list: a monthly and an annual price per plan. */
const plans = rulesOnTable([
  "plan_id,plan,tier,monthly_price,annual_price,seats,active",
  "PL-1,Starter,basic,9,90,1,true",
  "PL-3,Business,standard,79,790,20,true",
  "PL-4,Enterprise,premium,299,2990,100,true",
  "PL-5,Legacy Pro,premium,49,490,10,false",
]);

/** Feature switches, each enabled or not, and active or not. */
const features = rulesOnTable([
  "id,feature,enabled,active",
  "F1,Dark mode,true,true",
  "F2,Beta search,false,true",
]);

/** Staff, whose status may be retired, beside a yes/no active. */
const staff = rulesOnTable([
  "emp_id,name,status,active",
  "E1,Bob Lane,employed,true",
  "E2,Ann Fox,retired,false",
]);

/** A parts store: the price role is the unit cost, and stock is counted. */
const parts = rulesOnTable([
  "part_no,description,bin,qty_on_hand,reorder_level,unit_cost,supplier",
  "P-100,Hex bolt M8,A1,480,100,0.12,Fastenal",
  "P-101,Washer M8,A1,1200,300,0.03,Fastenal",
  "P-102,Hinge 3in,B4,35,40,2.10,Hafele",
]);

describe("a new value said with no column", () => {
  it("asks for the column when the value is far above every price", () => {
    // It had set the bolts' unit cost to 480.
    expect(parts.refusal("hex bolts are now 480")).toContain(
      "480 is far above every unit_cost (at most 2.10); name the column to set.",
    );
  });

  it("sets the price when the value is in its range, or when the column is named", () => {
    const bolts = { all: [{ column: "description", op: "contains", value: "Hex bolt" }] };
    expect(parts.operations("hex bolts are now 0.15")).toEqual([
      { filter: bolts, action: { type: "set_value", column: "unit_cost", value: 0.15 } },
    ]);
    expect(parts.operation("set hex bolts to 480 units").action).toEqual({
      type: "set_value",
      column: "qty_on_hand",
      value: 480,
    });
  });
});

describe("what there is of the rows, said as a count", () => {
  const hinges = { all: [{ column: "description", op: "contains", value: "Hinge" }] };
  const toCount = (value: number) => ({ type: "set_value", column: "qty_on_hand", value });

  it("sets the count of stock to what there is", () => {
    for (const said of [
      "we have 35 hinges",
      "there are 35 hinges now",
      "only 35 hinges left",
      "we counted 35 hinges",
    ]) {
      expect(parts.operations(said)).toEqual([{ filter: hinges, action: toCount(35) }]);
    }
    expect(parts.operations("we counted 35 hinges and 900 washers")).toEqual([
      { filter: hinges, action: toCount(35) },
      {
        filter: { all: [{ column: "description", op: "contains", value: "Washer" }] },
        action: toCount(900),
      },
    ]);
  });

  it("reads running out as a count of none", () => {
    expect(parts.operation("we ran out of hinges")).toEqual({ filter: hinges, action: toCount(0) });
  });

  it("does not read a bare count as news", () => {
    expect(parts.refusal("35 hinges")).toBeTruthy();
  });
});

describe("the period an amount is for", () => {
  it("names the price of that period among several", () => {
    const business = { all: [{ column: "plan", op: "eq", value: "Business" }] };
    expect(plans.operations("set Business to 800 a year")).toEqual([
      { filter: business, action: { type: "set_value", column: "annual_price", value: 800 } },
    ]);
    expect(plans.operations("Business is now 85 monthly")).toEqual([
      { filter: business, action: { type: "set_value", column: "monthly_price", value: 85 } },
    ]);
    expect(plans.operation("raise Business by 5 per month").action).toEqual({
      type: "fixed_increase",
      column: "monthly_price",
      value: 5,
    });
  });

  it("still asks which price when no period is said", () => {
    expect(plans.refusal("raise Business by 5")).toContain("monthly_price, annual_price");
  });
});

describe("switching a plan or a feature on and off", () => {
  it("reads 'disable' and 'enable' of what is active, where nothing is named enabled", () => {
    expect(plans.operation("disable Legacy Pro")).toEqual({
      filter: { all: [{ column: "plan", op: "eq", value: "Legacy Pro" }] },
      action: { type: "set_value", column: "active", value: false },
    });
    expect(plans.operation("enable Legacy Pro").action).toEqual({
      type: "set_value",
      column: "active",
      value: true,
    });
  });

  it("switches enabled, not active, where a column is named enabled", () => {
    expect(features.operation("enable Beta search").action).toEqual({
      type: "set_value",
      column: "enabled",
      value: true,
    });
    expect(features.operation("disable Beta search").action).toEqual({
      type: "set_value",
      column: "enabled",
      value: false,
    });
  });

  it("leaves 'retire' to a status that has retired", () => {
    expect(staff.operation("retire Bob").action).toEqual({
      type: "set_value",
      column: "status",
      value: "retired",
    });
  });
});

describe("leaving rows out", () => {
  it("leaves them out when the rows are called by the name column's word ('wines')", () => {
    // "wines" names the column wine; the exclusion had applied only to steps writing wine, so
    // none, and the Rioja was raised too.
    expect(cellar.operations("raise prices by 5% but leave wines from Rioja alone")).toEqual([
      {
        filter: { none: [{ column: "region", op: "eq", value: "Rioja" }] },
        action: { type: "percent_increase", value: 5 },
      },
    ]);
    expect(
      cellar.operation("raise prices by 5% but keep wines under 20 as they are").filter,
    ).toEqual({ none: [{ column: "price", op: "lt", value: 20 }] });
  });

  it("leaves rows out of the one step that writes the column named", () => {
    expect(
      cellar.operations("raise prices by 5% and stock by 10 but leave the stock of Rioja alone"),
    ).toEqual([
      { filter: {}, action: { type: "percent_increase", value: 5 } },
      {
        filter: { none: [{ column: "region", op: "eq", value: "Rioja" }] },
        action: { type: "fixed_increase", column: "stock", value: 10 },
      },
    ]);
  });

  it("refuses leaving alone a number column no step changes", () => {
    expect(cellar.refusal("raise prices by 5% but leave the stock of Rioja alone")).toContain(
      "No step changes stock",
    );
  });

  it("refuses a limit on another column's result rather than leaving rows out", () => {
    // Read as rows to leave out, it had raised only the wines with 10 bottles or fewer.
    expect(cellar.refusal("raise prices by 5% but keep stock above 10")).toContain(
      "is a limit on the result, which a plan cannot check",
    );
    expect(cellar.operation("raise prices by 5% but keep them under 400").action).toEqual({
      type: "percent_increase",
      value: 5,
    });
  });
});

/** Salaries by level and city. */
const pay = rulesOnTable([
  "employee_id,full_name,level,department,location,base_salary",
  "1001,Alice Moreno,L3,Engineering,Berlin,78000",
  "1003,Chloe Dubois,L2,Marketing,Paris,52000",
  "1006,Femi Adeyemi,L2,Marketing,London,55000",
]);

describe("two changes of the same rows", () => {
  it("reads a raise said with 'with' after a move as a second change of the same person", () => {
    const femi = { all: [{ column: "full_name", op: "contains", value: "Femi" }] };
    // "to L3" had become the rows (people already at L3), so no one was moved or raised.
    expect(pay.operations("promote Femi to L3 with a 10% raise")).toEqual([
      { filter: femi, action: { type: "set_value", column: "level", value: "L3" } },
      { filter: femi, action: { type: "percent_increase", column: "base_salary", value: 10 } },
    ]);
  });

  it("runs first the change that leaves the rows as they were chosen", () => {
    // In the order said, the raise looked for people in Paris after they had moved to London.
    const paris = { all: [{ column: "location", op: "eq", value: "Paris" }] };
    const expected = [
      { filter: paris, action: { type: "fixed_increase", column: "base_salary", value: 2000 } },
      { filter: paris, action: { type: "set_value", column: "location", value: "London" } },
    ];
    expect(pay.operations("move everyone in Paris to London and give them 2000 more")).toEqual(
      expected,
    );
    expect(pay.operations("move everyone in Paris to London with a 2000 raise")).toEqual(expected);
  });
});

/** A shop's prices: a list and a sale price, and whether each is on promotion. */
const promos = rulesOnTable([
  "sku,product,brand,category,list_price,sale_price,on_promo",
  "SK-01,Trail Runner 2,Stride,shoes,129.99,,false",
  "SK-02,Road Racer,Stride,shoes,149.99,119.99,true",
  "SK-05,Wool Beanie,Loom,accessories,29.00,,false",
  "SK-06,Merino Socks,Loom,accessories,18.00,14.40,true",
]);

/** A teacher's gradebook: classes named with a code ("Math 9A"). */
const gradebook = rulesOnTable([
  "student_id,student,class,midterm,final",
  "S01,Amara Obi,Math 9A,74,81",
  "S02,Ben Katz,Math 9A,58,62",
  "S03,Carla Ruiz,Math 9B,95,97",
]);

describe("promotions started and ended", () => {
  it("reads 'end the promo' and 'start the promo' as switching it", () => {
    expect(promos.operation("end the promo on Loom products")).toEqual({
      filter: { all: [{ column: "brand", op: "eq", value: "Loom" }] },
      action: { type: "set_value", column: "on_promo", value: false },
    });
    expect(promos.operation("start the promo on accessories").action).toEqual({
      type: "set_value",
      column: "on_promo",
      value: true,
    });
  });
});

describe("a code of letters and digits in a value", () => {
  it("reads '9A' as the one class that has it", () => {
    expect(gradebook.operation("add 3 points to everyone's final in 9A")).toEqual({
      filter: { all: [{ column: "class", op: "eq", value: "Math 9A" }] },
      action: { type: "fixed_increase", column: "final", value: 3 },
    });
  });
});

describe("a comparison followed by what is counted", () => {
  it("compares the count of stock, not the price", () => {
    const atLeast100 = { all: [{ column: "stock", op: "gte", value: 100 }] };
    // Read without "bottles", it had cut the wines priced at 100 or more.
    expect(
      cellar.operation("cut prices by 10% for wines with at least 100 bottles").filter,
    ).toEqual(atLeast100);
    // Refused before, with the planner's stand-in "set vintage to 987654321" in the message.
    expect(cellar.operation("cut prices of wines with at least 100 bottles by 10%").filter).toEqual(
      atLeast100,
    );
  });

  it("still compares the price with a currency or no noun", () => {
    expect(cellar.operation("raise prices by 5% for wines under 20 dollars").filter).toEqual({
      all: [{ column: "price", op: "lt", value: 20 }],
    });
  });
});

describe("a year said before the rows' name", () => {
  it("reads 'the 2016 Barolo' as the Barolo of that vintage, not an amount", () => {
    const barolo2016 = {
      all: [
        { column: "vintage", op: "eq", value: 2016 },
        { column: "wine", op: "contains", value: "Barolo" },
      ],
    };
    expect(cellar.operations("the 2016 Barolo is now 99")).toEqual([
      { filter: barolo2016, action: { type: "set_price", value: 99 } },
    ]);
    expect(cellar.operation("raise the 2016 Barolo by 5%").filter).toEqual(barolo2016);
  });

  it("still reads a number that no vintage has as an amount", () => {
    expect(cellar.operation("add 2020 bottles to the Rioja stock").action).toEqual({
      type: "fixed_increase",
      column: "stock",
      value: 2020,
    });
  });
});

describe("years before 1900", () => {
  it("reads 'before 1800' on a column of years that goes back that far", () => {
    expect(collection.operations("raise insured value by 5% for works made before 1800")).toEqual([
      {
        filter: { all: [{ column: "year", op: "lt", value: 1800 }] },
        action: { type: "percent_increase", column: "insured_value", value: 5 },
      },
    ]);
  });

  it("reads 'insurance' as the insured value", () => {
    expect(collection.operation("raise insurance on works before 1800 by 5%").action).toEqual({
      type: "percent_increase",
      column: "insured_value",
      value: 5,
    });
  });
});

describe("stock sold", () => {
  it("takes what a wine sold from its stock", () => {
    const sold = [
      {
        filter: { all: [{ column: "wine", op: "contains", value: "Chablis" }] },
        action: { type: "fixed_decrease", column: "stock", value: 6 },
      },
    ];
    expect(cellar.operations("Chablis sold 6 bottles")).toEqual(sold);
    expect(cellar.operations("we sold 6 bottles of Chablis")).toEqual(sold);
    expect(cellar.operations("the Chablis sold 6")).toEqual(sold);
  });
});

describe("people on a staff list: whom they report to, leave used, remote work", () => {
  it("sets the manager named by first name only", () => {
    const julia = { all: [{ column: "name", op: "contains", value: "Julia" }] };
    const toRavi = { type: "set_value", column: "manager", value: "Ravi Shah" };
    expect(leave.operations("Julia now reports to Ravi")).toEqual([
      { filter: julia, action: toRavi },
    ]);
    expect(leave.operations("Julia reports to Ravi")).toEqual([{ filter: julia, action: toRavi }]);
  });

  it("does not set the manager of everyone who reports to someone", () => {
    // Read as a new value, "everyone reporting to Lena" had moved every person to Lena.
    expect(leave.refusal("raise leave days by 2 for everyone reporting to Lena")).toBeTruthy();
    expect(leave.operation("everyone reporting to Lena gets 2 extra leave days")).toEqual({
      filter: { all: [{ column: "manager", op: "contains", value: "Lena" }] },
      action: { type: "fixed_increase", column: "leave_days", value: 2 },
    });
  });

  it("takes days used off the balance named", () => {
    expect(leave.operation("Sam used 2 sick days")).toEqual({
      filter: { all: [{ column: "name", op: "eq", value: "Sam Okafor" }] },
      action: { type: "fixed_decrease", column: "sick_days", value: 2 },
    });
  });

  it("reads 'fully remote' as remote", () => {
    expect(leave.operation("Marco is now fully remote")).toEqual({
      filter: { all: [{ column: "name", op: "contains", value: "Marco" }] },
      action: { type: "set_value", column: "remote", value: true },
    });
  });
});

describe("a count said after the rows", () => {
  it("reads 'CS240 is now 5 credits' as the new number of credits", () => {
    const cs240 = { all: [{ column: "code", op: "eq", value: "CS240" }] };
    const fiveCredits = { type: "set_value", column: "credits", value: 5 };
    expect(courses.operations("CS240 is now 5 credits")).toEqual([
      { filter: cs240, action: fiveCredits },
    ]);
    expect(courses.operations("CS240 should be 5 credits")).toEqual([
      { filter: cs240, action: fiveCredits },
    ]);
    expect(courses.operation("courses with 4 credits are now 3 credits")).toEqual({
      filter: { all: [{ column: "credits", op: "eq", value: 4 }] },
      action: { type: "set_value", column: "credits", value: 3 },
    });
  });
});
