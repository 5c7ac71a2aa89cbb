import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A greengrocer's price list, sold by the kilo. */
const produce = rulesOnTable([
  "sku,item,variety,price_per_kg,organic,origin,stock_kg",
  "P-1,Apple,Honeycrisp,3.20,true,Washington,420",
  "P-2,Apple,Gala,2.40,false,Chile,800",
  "P-4,Tomato,Heirloom,6.50,true,Local,60",
  "P-5,Tomato,Roma,2.10,false,Spain,300",
]);

/** An insurer's claims, each with a status and a fraud flag. */
const claims = rulesOnTable([
  "claim_no,policy_holder,claim_type,amount,status,adjuster,fraud_flag",
  "CL-9001,Mary Stone,auto,4200.00,open,Rita Vega,false",
  "CL-9003,Lucy Hart,auto,950.50,approved,Omar Diaz,false",
  "CL-9004,Greg Lowe,travel,610.00,denied,Omar Diaz,true",
]);

/** A software company's customers, each looked after by a success manager. */
const customers = rulesOnTable([
  "customer_id,company,plan_tier,mrr,region,csm",
  "C-100,Northwind,pro,1200,EMEA,Priya Nair",
  "C-101,Contoso,starter,300,NA,Jon Bell",
  "C-103,Tailspin,pro,950,APAC,Jon Bell",
  "C-104,Litware,starter,150,EMEA,Ana Souza",
]);

describe("English words that are not misspelt verbs", () => {
  it("does not read 'produce' as 'reduce'", () => {
    // "reduce … at 5.99" had capped the prices: only those above 5.99 changed.
    expect(produce.operations("price all Local produce at 5.99")).toEqual([
      {
        filter: { all: [{ column: "origin", op: "eq", value: "Local" }] },
        action: { type: "set_value", column: "price_per_kg", value: 5.99 },
      },
    ]);
  });

  it("still reads a misspelt verb as the verb", () => {
    expect(produce.operation("lowr the price of apples by 10%").action).toEqual({
      type: "percent_decrease",
      column: "price_per_kg",
      value: 10,
    });
  });
});

describe("claims, as adjusters write them", () => {
  it("reads 'deny' as making a claim denied", () => {
    expect(claims.operations("deny every claim flagged for fraud")).toEqual([
      {
        filter: { all: [{ column: "fraud_flag", op: "eq", value: true }] },
        action: { type: "set_value", column: "status", value: "denied" },
      },
    ]);
    expect(claims.operation("deny CL-9001").action).toEqual({
      type: "set_value",
      column: "status",
      value: "denied",
    });
  });
});

describe("accounts handed from one manager to another", () => {
  const jons = { all: [{ column: "csm", op: "eq", value: "Jon Bell" }] };
  const toPriya = { type: "set_value", column: "csm", value: "Priya Nair" };

  it("reads a first name as the one manager who has it", () => {
    for (const instruction of [
      "Priya is taking over all of Jon's accounts",
      "give all of Jon's accounts to Priya",
      "Jon's accounts go to Priya",
    ]) {
      expect(customers.operations(instruction), instruction).toEqual([
        { filter: jons, action: toPriya },
      ]);
    }
  });

  it("does not rename a company after another one", () => {
    // It had renamed Tailspin to Contoso.
    expect(customers.refusal("Tailspin goes to Contoso")).toBeDefined();
    expect(customers.operations("Tailspin goes to Priya")).toEqual([
      { filter: { all: [{ column: "company", op: "eq", value: "Tailspin" }] }, action: toPriya },
    ]);
  });
});

/** A staff list whose bonus column is abbreviated. */
const staff = rulesOnTable([
  "emp_no,full_name,dept,title,manager,salary,bonus_pct",
  "E-01,Aisha Khan,Finance,Analyst,Tom Wu,62000,5",
  "E-02,Ben Ortiz,Sales,Account Exec,Lina Popov,71000,10",
  "E-03,Chen Li,Finance,Senior Engineer,Tom Wu,88000,6",
]);

describe("pay, as an HR lead writes it", () => {
  const finance = { column: "dept", op: "eq", value: "Finance" };

  it("caps, after a raise, the salaries of the rows raised", () => {
    for (const instruction of [
      "give the finance team a 3% raise and cap salaries at 90000",
      "give Finance a 3% raise and then cap their salary at 90000",
    ]) {
      expect(staff.operations(instruction), instruction).toEqual([
        {
          filter: { all: [finance] },
          action: { type: "percent_increase", column: "salary", value: 3 },
        },
        {
          filter: { all: [finance, { column: "salary", op: "gt", value: 90000 }] },
          action: { type: "set_value", column: "salary", value: 90000 },
        },
      ]);
    }
  });

  it("reads 'X now manages Y' as Y's new manager", () => {
    // It had moved Aisha to Finance.
    expect(staff.operations("Aisha now manages Finance")).toEqual([
      {
        filter: { all: [finance] },
        action: { type: "set_value", column: "manager", value: "Aisha Khan" },
      },
    ]);
  });

  it("promotes to a new title made of words of the titles", () => {
    expect(staff.operations("promote Aisha to Senior Analyst")).toEqual([
      {
        filter: { all: [{ column: "full_name", op: "contains", value: "Aisha" }] },
        action: { type: "set_value", column: "title", value: "Senior Analyst" },
      },
    ]);
  });

  it("reads an abbreviation in a name of several words said in full", () => {
    expect(staff.operation("bonus percentage down 2 points for Finance").action).toEqual({
      type: "fixed_decrease",
      column: "bonus_pct",
      value: 2,
    });
  });
});

/** The product catalog, written to as people ask for things. */
const catalog = rulesOnTable([
  "sku,category,price,in_stock",
  "A101,fitness,29.99,true",
  "A102,yoga,19.99,false",
  "A103,accessories,9.99,true",
]);

describe("wishes and labels", () => {
  it("reads a participle after a wish and the rows as the change", () => {
    for (const instruction of [
      "I need all accessories marked out of stock",
      "have every accessory flagged out of stock",
    ]) {
      expect(catalog.operations(instruction), instruction).toEqual([
        { filter: { categories: ["accessories"] }, action: { type: "set_stock", value: false } },
      ]);
    }
  });

  it("reads the same participle, beside another change, as naming the rows", () => {
    expect(catalog.operations("items marked out of stock get 10% off")).toEqual([
      { filter: { in_stock: false }, action: { type: "percent_decrease", value: 10 } },
    ]);
  });

  it("reads 'all items but …' as leaving those out", () => {
    // It had raised only the accessories.
    expect(catalog.operations("all items but accessories +2%")).toEqual([
      {
        filter: { none: [{ column: "category", op: "eq", value: "accessories" }] },
        action: { type: "percent_increase", value: 2 },
      },
    ]);
  });

  it("reads a clause opened by 'if' as the rows of the change after it", () => {
    // It had marked every yoga product out of stock, then cut them all.
    expect(catalog.operations("if a yoga product is out of stock, cut its price by 10%")).toEqual([
      {
        filter: { categories: ["yoga"], in_stock: false },
        action: { type: "percent_decrease", value: 10 },
      },
    ]);
  });

  it("reads a direction after the amount, and verbs shortened in a hurry", () => {
    expect(catalog.operation("yoga 5% up pls").action).toEqual({
      type: "percent_increase",
      value: 5,
    });
    expect(catalog.operation("decr fitness by 2 usd").action).toEqual({
      type: "fixed_decrease",
      value: 2,
    });
  });

  it("reads 'is actually' as a correction of the value", () => {
    expect(catalog.operations("A101 is actually 24.99")).toEqual([
      { filter: { skus: ["A101"] }, action: { type: "set_price", value: 24.99 } },
    ]);
  });

  it("reads 'and a half' and a fraction off", () => {
    expect(catalog.operation("raise fitness by one and a half percent").action).toEqual({
      type: "percent_increase",
      value: 1.5,
    });
    expect(catalog.operation("take a quarter off yoga").action).toEqual({
      type: "percent_decrease",
      value: 25,
    });
  });

  it("multiplies by a factor after a sign of times, past the rows", () => {
    expect(catalog.operations("prices on yoga × 1.1")).toEqual([
      { filter: { categories: ["yoga"] }, action: { type: "multiply", value: 1.1 } },
    ]);
  });
});

/** A restaurant's menu. */
const menu = rulesOnTable([
  "dish_id,dish,section,price,vegetarian,spicy,calories",
  "D1,Margherita Pizza,mains,12.50,true,false,850",
  "D2,Spicy Chorizo Pizza,mains,14.00,false,true,980",
  "D4,Tomato Soup,starters,6.50,true,false,210",
  "D5,Tiramisu,desserts,7.00,true,false,510",
  "D6,Lamb Vindaloo,mains,16.50,false,true,900",
]);

describe("a menu, as a restaurant manager edits it", () => {
  it("renames one dish, or a section", () => {
    expect(menu.operations("rename Tiramisu to Classic Tiramisu")).toEqual([
      {
        filter: { all: [{ column: "dish", op: "eq", value: "Tiramisu" }] },
        action: { type: "set_value", column: "dish", value: "Classic Tiramisu" },
      },
    ]);
    expect(menu.operation("rename the desserts section to sweets").action).toEqual({
      type: "set_value",
      column: "section",
      value: "sweets",
    });
    // Two dishes have the word: which one is meant is not said.
    expect(menu.refusal("rename the pizza to Big Pizza")).toContain("Big");
    // A yes/no column's name is what the dish becomes, not its new name.
    expect(menu.operation("change Tiramisu to vegetarian").action).toEqual({
      type: "set_value",
      column: "vegetarian",
      value: true,
    });
  });

  it("clears a column set to blank", () => {
    expect(menu.operations("set calories to blank for desserts")).toEqual([
      {
        filter: { all: [{ column: "section", op: "eq", value: "desserts" }] },
        action: { type: "set_value", column: "calories", value: "" },
      },
    ]);
  });

  it("reads a column named with the noun of what it holds", () => {
    expect(menu.operation("replace Pizza with Pie in every dish name").action).toEqual({
      type: "replace_text",
      column: "dish",
      find: "Pizza",
      replace: "Pie",
    });
    expect(menu.operation("flip the spicy flag on the vindaloo").action).toEqual({
      type: "toggle",
      column: "spicy",
    });
  });
});

/** An office-supplies sheet with spreadsheet-style headers. */
const supplies = rulesOnTable([
  "Item Code,Item Description,Unit Price (USD),Qty On Hand,Discontinued?",
  "IC-01,Copy Paper A4,4.99,120,No",
  "IC-03,Stapler Heavy Duty,15.00,8,No",
  "IC-04,Fax Toner,39.99,3,Yes",
]);

describe("headers as spreadsheets write them", () => {
  it("reads a yes/no column whose name ends in a question mark", () => {
    expect(supplies.operations("set qty on hand to 0 for discontinued items")).toEqual([
      {
        filter: { all: [{ column: "Discontinued?", op: "eq", value: true }] },
        action: { type: "set_value", column: "Qty On Hand", value: 0 },
      },
    ]);
    expect(supplies.operation("discontinue the fax toner").action).toEqual({
      type: "set_value",
      column: "Discontinued?",
      value: true,
    });
  });

  it("reads a column whose name ends in a format hint", () => {
    const shop = rulesOnTable([
      "SKU #,Product,Price ($),% Discount,Active (Y/N)",
      "S-1,Kettle,29.00,0,Y",
      "S-3,Blender,89.00,5,N",
    ]);
    expect(shop.operations("set the discount to 15 for everything active")).toEqual([
      {
        filter: { all: [{ column: "Active (Y/N)", op: "eq", value: true }] },
        action: { type: "set_value", column: "% Discount", value: 15 },
      },
    ]);
    expect(shop.operation("deactivate the blender").action).toEqual({
      type: "set_value",
      column: "Active (Y/N)",
      value: false,
    });
  });
});

/** A landlord's units, with what each tenant still owes. */
const units = rulesOnTable([
  "unit,tenant,rent,parking,balance_due,building",
  "1A,Maya Cole,1450,true,0,Oak",
  "1B,Sam Patel,1800,false,250,Oak",
  "3A,Omar Reed,1600,true,1600,Pine",
]);

describe("a landlord's ledger", () => {
  it("takes a payment off what the tenant owes, or all of it", () => {
    expect(units.operation("Omar has paid 800").action).toEqual({
      type: "fixed_decrease",
      column: "balance_due",
      value: 800,
    });
    for (const instruction of ["Sam paid his balance", "1B paid in full"]) {
      expect(units.operation(instruction).action, instruction).toEqual({
        type: "set_value",
        column: "balance_due",
        value: 0,
      });
    }
    // The rent is not what is owed.
    expect(units.refusal("Sam paid the rent")).toContain("paid");
  });

  it("waives what one tenant owes", () => {
    expect(units.operations("waive Sam's balance")).toEqual([
      {
        filter: { all: [{ column: "tenant", op: "eq", value: "Sam Patel" }] },
        action: { type: "set_value", column: "balance_due", value: 0 },
      },
    ]);
  });

  it("switches off what the rows lose", () => {
    expect(units.operations("anyone with a balance over 1000 loses parking")).toEqual([
      {
        filter: { all: [{ column: "balance_due", op: "gt", value: 1000 }] },
        action: { type: "set_value", column: "parking", value: false },
      },
    ]);
  });
});

describe("a sprint board", () => {
  const board = rulesOnTable([
    "task_id,title,assignee,status,sprint",
    "T-1,Login page,Ana,in progress,S12",
    "T-2,Password reset,Ben,todo,S12",
    "T-4,Audit log,Chris,done,S11",
  ]);

  it("closes a task where tasks end up done", () => {
    expect(board.operations("close T-1")).toEqual([
      {
        filter: { all: [{ column: "task_id", op: "eq", value: "T-1" }] },
        action: { type: "set_value", column: "status", value: "done" },
      },
    ]);
  });
});

describe("a contact list", () => {
  const contacts = rulesOnTable([
    "id,name,email,city,company",
    "1,Ruth Lee,ruth@old.com,Boston,Acme",
    "2,Karl Voss,karl@voss.de,Berlin,Globex",
  ]);

  it("sets a new email address said after 'to'", () => {
    expect(contacts.operation("change Ruth's email to ruth@new.com").action).toEqual({
      type: "set_value",
      column: "email",
      value: "ruth@new.com",
    });
  });

  it("renames a company said in the passive", () => {
    expect(contacts.operations("Acme was renamed to Acme Corp")).toEqual([
      {
        filter: { all: [{ column: "company", op: "eq", value: "Acme" }] },
        action: { type: "set_value", column: "company", value: "Acme Corp" },
      },
    ]);
  });
});

describe("a gradebook with letter grades", () => {
  const gradebook = rulesOnTable([
    "student_id,student,class,final,grade",
    "S1,Amy Chen,Math 101,80,B",
    "S2,Ben Ito,Math 101,48,F",
    "S3,Cara Diaz,Bio 200,91,A",
    "S4,Dev Shah,Bio 200,59,D",
  ]);
  const dev = { all: [{ column: "student", op: "eq", value: "Dev Shah" }] };

  it("gives a letter no student has yet", () => {
    expect(gradebook.operations("give Dev a C")).toEqual([
      { filter: dev, action: { type: "set_value", column: "grade", value: "C" } },
    ]);
  });

  it("keeps the sign of a grade", () => {
    // The "+" was read as "and": Dev got a B.
    for (const instruction of ["set Dev's grade to B+", "Dev gets a B+", "give Dev a B+"]) {
      expect(gradebook.operations(instruction), instruction).toEqual([
        { filter: dev, action: { type: "set_value", column: "grade", value: "B+" } },
      ]);
    }
    expect(gradebook.operation("give everyone in Bio 200 a C-").action).toEqual({
      type: "set_value",
      column: "grade",
      value: "C-",
    });
  });
});

describe("a hotel whose rooms are numbered", () => {
  const hotel = rulesOnTable([
    "room,floor,type,rate,status",
    "101,1,single,89.00,available",
    "102,1,double,119.00,occupied",
    "201,2,double,129.00,available",
  ]);

  it("reads a number after 'and' as the next value, not a room", () => {
    expect(hotel.operations("set rate to 99 for singles and 139 for doubles")).toEqual([
      {
        filter: { all: [{ column: "type", op: "eq", value: "single" }] },
        action: { type: "set_value", column: "rate", value: 99 },
      },
      {
        filter: { all: [{ column: "type", op: "eq", value: "double" }] },
        action: { type: "set_value", column: "rate", value: 139 },
      },
    ]);
    // Without a value set before it, such a number is still a room that is not there.
    expect(hotel.refusal("raise 101 by 5 and 139 by 10")).toContain("139");
  });
});
