import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A hotel's rooms: a nightly and a weekend rate. */
const hotel = rulesOnTable([
  "room_id,room_type,floor,nightly_rate,weekend_rate,view,max_guests,available",
  "R101,Standard,1,129.00,149.00,garden,2,yes",
  "R201,Deluxe,2,189.00,219.00,sea,3,no",
  "R202,Deluxe,2,189.00,219.00,garden,3,yes",
  "R301,Suite,3,320.00,380.00,sea,4,yes",
  "R401,Penthouse,4,750.00,890.00,sea,6,yes",
]);

/** A gym's members, some with a locker. */
const gym = rulesOnTable([
  "member_id,full_name,plan,monthly_fee,status,visits_this_month,personal_trainer,locker",
  "M001,Ana Costa,Basic,29.99,active,12,,no",
  "M002,Ben Ortiz,Premium,59.99,active,20,Carla,yes",
  "M004,Dev Patel,Family,89.99,active,8,Marco,yes",
  "M005,Eva Novak,Premium,59.99,cancelled,0,,no",
  "M006,Finn Lee,Student,19.99,frozen,0,,no",
  "M007,Gia Rossi,Premium,59.99,active,25,Carla,yes",
]);

/** A charity's donors, on a newsletter or not, with gift aid or not. */
const donors = rulesOnTable([
  "donor_id,name,city,total_given,tier,newsletter,gift_aid",
  "D1001,Harriet Moss,Leeds,1250.00,Gold,true,true",
  "D1002,Ivan Petrov,York,80.00,Bronze,false,false",
  "D1003,Jia Chen,Leeds,540.00,Silver,true,false",
  "D1005,Lara Smith,York,15.00,Bronze,false,false",
]);

/** Hourly staff: a wage per hour beside hours per week. */
const shifts = rulesOnTable([
  "employee_id,name,role,hourly_wage,hours_per_week,site",
  "E01,Rosa Diaz,Cashier,15.50,32,North",
  "E02,Sam Boyd,Stocker,16.25,40,North",
  "E03,Tara Kim,Supervisor,22.00,40,South",
  "E06,Will Hart,Manager,31.00,45,South",
]);

/** Events, each with a ticket and an early-bird price and a capacity. */
const events = rulesOnTable([
  "event_id,event_name,venue,capacity,ticket_price,early_bird_price,category",
  "EV1,Jazz Night,Blue Room,200,35.00,28.00,music",
  "EV2,Comedy Gala,Main Hall,500,45.00,36.00,comedy",
  "EV4,Rock Revival,Arena,5000,65.00,52.00,music",
]);

const named = (column: string, value: string) => ({ all: [{ column, op: "eq", value }] });
const calledBy = (column: string, value: string) => ({
  all: [{ column, op: "contains", value }],
});

describe("an amount called by another word for a price", () => {
  it("names the rate its first words name, with any price noun", () => {
    expect(hotel.operation("bump weekend prices for deluxe rooms to 229")).toEqual({
      filter: {
        all: [
          { column: "room_type", op: "eq", value: "Deluxe" },
          { column: "weekend_rate", op: "lt", value: 229 },
        ],
      },
      action: { type: "set_value", column: "weekend_rate", value: 229 },
    });
    expect(hotel.operation("raise the nightly price of suites by 20").action).toEqual({
      type: "fixed_increase",
      column: "nightly_rate",
      value: 20,
    });
  });

  it("asks which rate when the noun alone fits several", () => {
    expect(hotel.refusal("raise rates on sea view rooms by 15%")).toContain(
      '"rates" could mean nightly_rate or weekend_rate; name the column you mean.',
    );
  });

  it("names the rate of the period said after the amount: a night, an hour", () => {
    expect(hotel.operation("set the penthouse to 799 a night")).toEqual({
      filter: named("room_type", "Penthouse"),
      action: { type: "set_value", column: "nightly_rate", value: 799 },
    });
    // "an hour" is read as the period, not as the column of hours (it had set hours_per_week).
    expect(shifts.operation("bump everyone at North to 17 an hour").action).toEqual({
      type: "set_value",
      column: "hourly_wage",
      value: 17,
    });
    expect(shifts.operation("Sam gets 1 dollar more per hour").action).toEqual({
      type: "fixed_increase",
      column: "hourly_wage",
      value: 1,
    });
    expect(shifts.operation("set Sam to 30 hours").action).toEqual({
      type: "set_value",
      column: "hours_per_week",
      value: 30,
    });
  });

  it("reads a share of another column after plain 'are'", () => {
    expect(events.operation("early bird prices are 20% below ticket prices").action).toEqual({
      type: "set_expression",
      column: "early_bird_price",
      expression: "ticket_price * 0.8",
    });
    expect(hotel.operation("weekend rates are 15% above nightly rates").action).toEqual({
      type: "set_expression",
      column: "weekend_rate",
      expression: "nightly_rate * 1.15",
    });
  });

  it("counts seats in a capacity", () => {
    expect(events.operation("add 50 seats to Jazz Night")).toEqual({
      filter: named("event_name", "Jazz Night"),
      action: { type: "fixed_increase", column: "capacity", value: 50 },
    });
  });
});

describe("what a member gets, loses, joins and leaves", () => {
  const locker = (value: boolean) => ({ type: "set_value", column: "locker", value });

  it("switches a yes/no column on for rows that get it, with an article", () => {
    expect(gym.operation("Dev gets a locker")).toEqual({
      filter: named("full_name", "Dev Patel"),
      action: locker(true),
    });
    expect(gym.operation("Dev has a locker now").action).toEqual(locker(true));
    expect(donors.operation("everyone in Leeds gets the newsletter")).toEqual({
      filter: named("city", "Leeds"),
      action: { type: "set_value", column: "newsletter", value: true },
    });
  });

  it("switches it off for rows that lose it or have it taken away", () => {
    for (const said of [
      "Gia loses her locker",
      "take away Gia's locker",
      "take Gia's locker away",
      "remove Gia's locker",
    ]) {
      expect(gym.operation(said)).toEqual({
        filter: named("full_name", "Gia Rossi"),
        action: locker(false),
      });
    }
  });

  it("still refuses to remove rows", () => {
    expect(gym.refusal("remove all members with a locker")).toContain("never removes rows");
  });

  it("reads joining and leaving a list told as news", () => {
    const cases: [string, string, string, boolean][] = [
      ["Lara opted into gift aid", "Lara", "gift_aid", true],
      ["Lara has just signed up for gift aid", "Lara", "gift_aid", true],
      ["Ivan opted out of the newsletter", "Ivan", "newsletter", false],
      ["Jia has unsubscribed from the newsletter", "Jia", "newsletter", false],
    ];
    for (const [said, who, column, value] of cases) {
      const { filter, action } = donors.operation(said);
      expect(filter.all).toEqual([
        expect.objectContaining({ column: "name", value: expect.stringContaining(who) }),
      ]);
      expect(action).toEqual({ type: "set_value", column, value });
    }
  });

  it("reads a membership as the member", () => {
    expect(gym.operation("cancel Gia's membership")).toEqual({
      filter: named("full_name", "Gia Rossi"),
      action: { type: "set_value", column: "status", value: "cancelled" },
    });
  });

  it("sets a value said after 'is now a'", () => {
    expect(shifts.operation("Tara is now a manager")).toEqual({
      filter: calledBy("name", "Tara"),
      action: { type: "set_value", column: "role", value: "Manager" },
    });
  });
});

/** A library's books: copies held and the year each was published. */
const library = rulesOnTable([
  "isbn,title,author,genre,copies,on_loan,shelf,replacement_cost,published",
  "9780141439518,Pride and Prejudice,Jane Austen,Classic,4,2,A3,12.50,1813",
  "9780553380163,A Brief History of Time,Stephen Hawking,Science,2,0,D2,20.00,1988",
  "9780547928227,The Hobbit,J.R.R. Tolkien,Fantasy,5,3,C2,16.75,1937",
  "9780385490818,The Handmaid's Tale,Margaret Atwood,Dystopia,3,3,B1,15.40,1985",
]);

describe("a library's holdings", () => {
  const hobbit = named("title", "The Hobbit");
  const copies = (type: string, value: number) => ({ type, column: "copies", value });

  it("reads a column named for when a thing was made as years, back before 1900", () => {
    expect(
      library.operation("raise replacement costs by 5% for books published before 1950"),
    ).toEqual({
      filter: { all: [{ column: "published", op: "lt", value: 1950 }] },
      action: { type: "percent_increase", column: "replacement_cost", value: 5 },
    });
  });

  it("adds what was bought or received and takes off what was lost", () => {
    expect(library.operations("we bought 2 more copies of The Hobbit")).toEqual([
      { filter: hobbit, action: copies("fixed_increase", 2) },
    ]);
    expect(library.operations("we received 3 copies of The Hobbit")).toEqual([
      { filter: hobbit, action: copies("fixed_increase", 3) },
    ]);
    expect(library.operations("we lost a copy of The Hobbit")).toEqual([
      { filter: hobbit, action: copies("fixed_decrease", 1) },
    ]);
  });
});

/** A squad whose players include a Max and a Will, names that are words too. */
const squad = rulesOnTable([
  "player_id,player,position,team,salary,injured",
  "P01,Luca Moretti,Forward,Reds,85000,false",
  "P02,Will Becker,Midfielder,Reds,72000,false",
  "P05,Max Ruiz,Forward,Blues,90000,false",
]);

describe("a name that is also a word", () => {
  const max = named("player", "Max Ruiz");

  it("names the player where written as a name", () => {
    expect(squad.operation("Max is injured")).toEqual({
      filter: max,
      action: { type: "set_value", column: "injured", value: true },
    });
    expect(squad.operation("mark Max as injured").filter).toEqual(max);
    expect(squad.operation("Max's salary goes up 5%").filter).toEqual(max);
    expect(squad.operation("Will's salary goes up 5%").filter).toEqual(calledBy("player", "Will"));
  });

  it("never drops someone's name it does not know, which would change every row", () => {
    // Before, "Will's" on a table without a Will was passed over, raising every salary.
    expect(hotel.refusal("Will's rate goes up 5%")).toContain("Will's");
    expect(squad.operation("Everyone's salary goes up 5%").filter).toEqual({});
    expect(squad.operation("Let's give forwards a 5% raise").filter).toEqual(
      named("position", "Forward"),
    );
  });
});

/** Parking permits: a fee, for residents or not. */
const permits = rulesOnTable([
  "permit_id,holder,zone,expires,fee,status,resident",
  "PK-101,Alice Ward,Zone A,2026-12-31,120,valid,true",
  "PK-102,Bob Stone,Zone B,2026-03-31,80,expired,true",
  "PK-103,Cara Hill,Zone A,2027-06-30,120,valid,false",
  "PK-104,Dan Fox,Zone C,2026-11-30,60,valid,true",
]);

describe("a price said with its verb, and a cut taken", () => {
  const fee = (value: number) => ({ type: "set_value", column: "fee", value });

  it("sets the price the rows cost or pay", () => {
    expect(permits.operation("Zone C permits cost 70")).toEqual({
      filter: named("zone", "Zone C"),
      action: fee(70),
    });
    expect(permits.operation("non-residents pay 150")).toEqual({
      filter: { all: [{ column: "resident", op: "eq", value: false }] },
      action: fee(150),
    });
    expect(gym.operation("students pay 24.99").action).toEqual({
      type: "set_value",
      column: "monthly_fee",
      value: 24.99,
    });
  });

  it("still reads a price after 'if' as the rows of what follows", () => {
    expect(permits.refusal("if Zone C permits cost 60")).toBeTruthy();
  });

  it("reads a pay cut taken as a decrease", () => {
    for (const said of ["all Blues players take a 10% pay cut", "Reds players take a 10% cut"]) {
      expect(squad.operation(said).action).toEqual({
        type: "percent_decrease",
        column: "salary",
        value: 10,
      });
    }
    expect(squad.refusal("Reds players take a 10% raise")).toBeTruthy();
  });
});

/** A stock list exported from an old system: every column name abbreviated. */
const abbreviated = rulesOnTable([
  "sku_cd,prod_nm,cat_cd,unit_prc,qty_oh,disc_pct,is_actv,vend_nm",
  "A100,Steel Hammer,TOOLS,24.99,120,0,Y,Acme",
  "A101,Claw Hammer,TOOLS,19.99,80,5,Y,Acme",
  "B200,Garden Hose 50ft,GARDEN,34.50,45,10,Y,GreenCo",
  "B201,Hose Nozzle,GARDEN,8.99,300,0,N,GreenCo",
]);

describe("column names written in abbreviations", () => {
  it("reads them as they are said: unit price, discount, vendor, active", () => {
    const tools = named("cat_cd", "TOOLS");
    expect(abbreviated.operation("raise the unit price of tools by 5%")).toEqual({
      filter: tools,
      action: { type: "percent_increase", column: "unit_prc", value: 5 },
    });
    expect(abbreviated.operation("raise prices by 5%").action).toMatchObject({
      column: "unit_prc",
    });
    expect(abbreviated.operation("set the discount on tools to 15").action).toEqual({
      type: "set_value",
      column: "disc_pct",
      value: 15,
    });
    expect(abbreviated.operation("change the vendor for hoses to AquaFlow").action).toEqual({
      type: "set_value",
      column: "vend_nm",
      value: "AquaFlow",
    });
    const nozzle = named("prod_nm", "Hose Nozzle");
    const active = (value: boolean) => ({ type: "set_value", column: "is_actv", value });
    expect(abbreviated.operation("deactivate the hose nozzle")).toEqual({
      filter: nozzle,
      action: active(false),
    });
    expect(abbreviated.operation("mark the hose nozzle active")).toEqual({
      filter: nozzle,
      action: active(true),
    });
  });
});

describe("rows said to have a value", () => {
  it("reads 'that have' as 'with'", () => {
    for (const said of [
      "raise nightly rates by 10% for rooms that have a sea view",
      "raise nightly rates by 10% for every room that has a sea view",
    ]) {
      expect(hotel.operation(said)).toEqual({
        filter: named("view", "sea"),
        action: { type: "percent_increase", column: "nightly_rate", value: 10 },
      });
    }
  });
});

/** A college's courses: seats offered and students enrolled, and a fee. */
const college = rulesOnTable([
  "course_id,title,instructor,credits,seats,enrolled,fee,online",
  "C-101,Intro to Python,Dr. Patel,3,40,38,450,yes",
  "C-205,Statistics,Dr. Gomez,4,35,20,520,no",
  "C-120,Academic Writing,Prof. Lee,2,25,12,300,yes",
]);

describe("rows compared by how many people they count", () => {
  it("compares the count of those enrolled, not the fee", () => {
    // It had compared the fee with 15.
    expect(college.operation("courses with fewer than 15 students go online")).toEqual({
      filter: { all: [{ column: "enrolled", op: "lt", value: 15 }] },
      action: { type: "set_value", column: "online", value: true },
    });
  });

  it("asks which column counts a noun it cannot place after 'fewer'", () => {
    expect(college.refusal("courses with fewer than 5 rooms go online")).toContain(
      '"fewer than 5 rooms": which column counts the rooms? Name it.',
    );
  });
});

/** A salon's services, timed in minutes, some needing a deposit. */
const salon = rulesOnTable([
  "service_id,service,stylist,duration_min,price,category,deposit_required",
  "SV1,Women's Cut,Amy,60,55.00,hair,no",
  "SV3,Full Colour,Amy,120,110.00,colour,yes",
  "SV4,Balayage,Cleo,180,160.00,colour,yes",
  "SV5,Manicure,Dina,45,25.00,nails,no",
]);

describe("durations said in other units, and what rows need", () => {
  const deposit = (value: boolean) => ({ type: "set_value", column: "deposit_required", value });

  it("reads hours of the table's one column of minutes, with no column named", () => {
    expect(salon.operation("set Balayage to 3.5 hours")).toEqual({
      filter: named("service", "Balayage"),
      action: { type: "set_value", column: "duration_min", value: 210 },
    });
    expect(salon.operation("raise prices 5% for services over 1 hour").filter).toEqual({
      all: [{ column: "duration_min", op: "gt", value: 60 }],
    });
  });

  it("sets a yes/no column named for what is required as the rows' need", () => {
    for (const said of [
      "services longer than 2 hours need a deposit",
      "services over 2 hours require a deposit",
    ]) {
      expect(salon.operation(said)).toEqual({
        filter: { all: [{ column: "duration_min", op: "gt", value: 120 }] },
        action: deposit(true),
      });
    }
    expect(salon.operation("Balayage no longer needs a deposit").action).toEqual(deposit(false));
    expect(salon.operation("give a 10% discount to services that need a deposit").filter).toEqual({
      all: [{ column: "deposit_required", op: "eq", value: true }],
    });
  });
});

/** Projects with a budget, and a status one of whose values is "not started". */
const projects = rulesOnTable([
  "project_code,project_name,owner,budget,spent,status,billable",
  "PRJ-01,Website Redesign,Nina,50000,42000,in progress,true",
  "PRJ-03,Data Migration,Nina,25000,26000,at risk,true",
  "PRJ-04,Internal Wiki,Paul,8000,1000,not started,false",
]);

describe("a project's budget and its state", () => {
  it("reads the budget as the amount that is given", () => {
    expect(projects.operation("Data Migration gets another 5000")).toEqual({
      filter: named("project_name", "Data Migration"),
      action: { type: "fixed_increase", column: "budget", value: 5000 },
    });
  });

  it("reads 'haven't started' as the value 'not started'", () => {
    expect(projects.operation("set spent to 0 for projects that haven't started")).toEqual({
      filter: named("status", "not started"),
      action: { type: "set_value", column: "spent", value: 0 },
    });
  });
});

/** A fleet on monthly leases, each vehicle with a driver and a next service date. */
const fleet = rulesOnTable([
  "vehicle_id,make,model,year,mileage,status,driver,next_service,monthly_lease",
  "V-01,Ford,Transit,2019,84000,active,Kim,2026-12-10,420",
  "V-02,Toyota,Prius,2021,42000,active,Lars,2027-02-01,310",
  "V-04,Tesla,Model 3,2023,18000,active,Mia,2027-05-15,560",
]);

describe("who does what for rows, what they covered, and when", () => {
  it("gives the rows after a verb of what a person does that person", () => {
    expect(fleet.operation("Kim now drives the Prius")).toEqual({
      filter: named("model", "Prius"),
      action: { type: "set_value", column: "driver", value: "Kim" },
    });
    expect(college.operation("Prof. Lee now teaches Statistics")).toEqual({
      filter: named("title", "Statistics"),
      action: { type: "set_value", column: "instructor", value: "Prof. Lee" },
    });
    expect(gym.operation("Marco now trains Ana Costa").action).toEqual({
      type: "set_value",
      column: "personal_trainer",
      value: "Marco",
    });
  });

  it("adds the distance a vehicle did to its mileage, and reads a lease as an amount", () => {
    expect(fleet.operation("V-04 did another 2000 miles")).toEqual({
      filter: named("vehicle_id", "V-04"),
      action: { type: "fixed_increase", column: "mileage", value: 2000 },
    });
    expect(fleet.operation("raise leases by 3%").action).toMatchObject({
      type: "percent_increase",
      column: "monthly_lease",
    });
  });

  it("asks rather than read when a change happens as which rows it is for", () => {
    // It had raised only the vehicles whose next service falls next month.
    expect(fleet.refusal("lease costs go up 3% next month")).toContain(
      '"next month" says when to make the change',
    );
    expect(fleet.operation("raise leases by 3% for anything serviced next month").filter).toEqual({
      all: [
        { column: "next_service", op: "gte", value: "2026-12-01" },
        { column: "next_service", op: "lt", value: "2027-01-01" },
      ],
    });
  });
});

/** Staff with job titles, one of them "Engineer", and a row noun "staff" that is also a word. */
const titles = rulesOnTable([
  "emp_id,name,department,title,salary,location",
  "E001,Alice Chen,Engineering,Senior Engineer,125000,Berlin",
  "E003,Carla Diaz,Engineering,Engineer,98000,Berlin",
  "E004,Dan Wu,Marketing,Marketing Manager,105000,Paris",
]);

describe("a new title", () => {
  const alice = calledBy("name", "Alice");
  const title = (value: string) => ({ type: "set_value", column: "title", value });

  it("keeps a capitalised little word in it ('Staff Engineer')", () => {
    expect(titles.operation("set Alice's title to Staff Engineer")).toEqual({
      filter: alice,
      action: title("Staff Engineer"),
    });
    expect(titles.operation("set Alice's title to Engineer").action).toEqual(title("Engineer"));
  });

  it("reads a new value after 'is now' of the text column named before it", () => {
    for (const [said, value] of [
      ["Alice's title is now Principal", "Principal"],
      ["Alice's title is now Staff Engineer", "Staff Engineer"],
      ["Alice's title should be Staff Lead", "Staff Lead"],
    ]) {
      expect(titles.operation(said)).toEqual({ filter: alice, action: title(value) });
    }
  });
});

/** Staff on levels L1 to L5: enough rows that the levels are listed in the profile. */
const levels = rulesOnTable([
  "emp_id,name,salary,bonus_pct,level",
  ...Array.from(
    { length: 15 },
    (_, k) => `E${k + 1},Person ${k + 1},${80000 + k * 1000},5,L${(k % 5) + 1}`,
  ),
]);

describe("levels written as a code and a number", () => {
  const levelIn = (values: string[]) => ({ all: [{ column: "level", op: "in", value: values }] });

  it("orders them by their number", () => {
    const cases: [string, string[]][] = [
      ["set bonus to 10 for everyone below L3", ["L1", "L2"]],
      ["set bonus to 10 for everyone above L3", ["L4", "L5"]],
      ["set bonus to 10 for everyone at L3 or above", ["L3", "L4", "L5"]],
      ["set bonus to 10 for everyone at L2 or lower", ["L1", "L2"]],
    ];
    for (const [said, values] of cases) {
      expect(levels.operation(said)).toEqual({
        filter: levelIn(values),
        action: { type: "set_value", column: "bonus_pct", value: 10 },
      });
    }
    expect(levels.operation("give L3 a 3% raise").filter).toEqual({
      all: [{ column: "level", op: "eq", value: "L3" }],
    });
  });
});

describe("a cent said as one", () => {
  it("steps a price by a cent or a penny", () => {
    for (const said of ["raise the Balayage by a cent", "raise the Balayage by a penny"]) {
      expect(salon.operation(said)).toEqual({
        filter: named("service", "Balayage"),
        // The price column is the price role's: the shorthand names no column.
        action: { type: "fixed_increase", value: 0.01 },
      });
    }
    expect(salon.operation("raise the Balayage by a dollar").action).toMatchObject({ value: 1 });
  });
});
