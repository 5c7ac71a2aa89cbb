import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** Software licenses, insurance policies and restaurant bookings: tables the corpus lacks. */
const licenses = tableProfile([
  "license_id,product,vendor,seats,cost_per_seat,department,tier",
  "L200,Jira,Atlassian,315,8,Engineering,basic",
  "L201,Confluence,Atlassian,120,6,Marketing,pro",
  "L202,Figma,Figma,40,15,Marketing,pro",
  "L203,Slack,Salesforce,480,12.5,Sales,enterprise",
  "L204,Zoom,Zoom,90,15,HR,basic",
]);

describe("software licenses", () => {
  const { operations } = rulesOn(licenses, {
    knownValues: new Map([
      ["product", ["Jira", "Confluence", "Figma", "Slack", "Zoom"]],
      ["vendor", ["Atlassian", "Atlassian", "Figma", "Salesforce", "Zoom"]],
      ["department", ["Engineering", "Marketing", "Marketing", "Sales", "HR"]],
      ["tier", ["basic", "pro", "pro", "enterprise", "basic"]],
    ]),
  });

  it("sets the column named right after the new value ('to enterprise tier')", () => {
    // "product" after a vendor's name is what the rows are, not a second column to set.
    const atlassianEnterprise = [
      {
        filter: { all: [{ column: "vendor", op: "eq", value: "Atlassian" }] },
        action: { type: "set_value", column: "tier", value: "enterprise" },
      },
    ];
    expect(operations("switch every Atlassian product to enterprise tier")).toEqual(
      atlassianEnterprise,
    );
    expect(operations("switch every Atlassian product to the enterprise tier")).toEqual(
      atlassianEnterprise,
    );
  });
});

const policies = tableProfile([
  "policy_id,holder,product,premium,status,claims_count,region",
  "P-5000,Ann Lee,auto,120.00,active,0,North",
  "P-5001,Bob Stone,home,300.00,lapsed,2,West",
  "P-5002,Cara Diaz,travel,45.00,cancelled,0,West",
  "P-5003,Ann Lee,pet,25.00,pending,1,South",
  "P-5004,Dev Rao,life,80.00,lapsed,0,East",
]);

describe("insurance policies", () => {
  const { operations } = rulesOn(policies, {
    knownValues: new Map([
      ["holder", ["Ann Lee", "Bob Stone", "Cara Diaz", "Ann Lee", "Dev Rao"]],
      ["product", ["auto", "home", "travel", "pet", "life"]],
      ["status", ["active", "lapsed", "cancelled", "pending", "lapsed"]],
      ["region", ["North", "West", "West", "South", "East"]],
    ]),
  });

  it("reads 'reinstate' and 'restore' as making the rows active again", () => {
    expect(operations("reinstate lapsed policies in the West")).toEqual([
      {
        filter: {
          all: [
            { column: "status", op: "eq", value: "lapsed" },
            { column: "region", op: "eq", value: "West" },
          ],
        },
        action: { type: "set_value", column: "status", value: "active" },
      },
    ]);
    expect(operations("restore cancelled policies")).toEqual([
      {
        filter: { all: [{ column: "status", op: "eq", value: "cancelled" }] },
        action: { type: "set_value", column: "status", value: "active" },
      },
    ]);
  });
});

const bookings = tableProfile([
  "booking_ref,guest_name,party_size,date,time,status",
  "R100,Smith party,4,2026-12-24,18:00,confirmed",
  "R101,Garcia party,2,2026-12-24,21:15,pending",
  "R102,Nguyen party,8,2026-12-31,20:00,confirmed",
  "R103,Olsen party,3,2026-12-31,21:15,pending",
  "R104,Haddad party,6,2026-12-20,19:30,cancelled",
]);

describe("restaurant bookings", () => {
  const { operations } = rulesOn(bookings, {
    knownValues: new Map([
      [
        "guest_name",
        ["Smith party", "Garcia party", "Nguyen party", "Olsen party", "Haddad party"],
      ],
      ["time", ["18:00", "21:15", "20:00", "21:15", "19:30"]],
      ["status", ["confirmed", "pending", "confirmed", "pending", "cancelled"]],
    ]),
  });

  it("reads a time of day as one value ('21:15')", () => {
    const moved = [
      {
        filter: { all: [{ column: "time", op: "eq", value: "21:15" }] },
        action: { type: "set_value", column: "time", value: "20:00" },
      },
    ];
    expect(operations("move every 21:15 booking to 20:00")).toEqual(moved);
    expect(operations("move all bookings at 21:15 to 20:00")).toEqual(moved);
  });
});
