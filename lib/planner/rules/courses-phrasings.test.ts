import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A college's courses, which the corpus does not have: a yes/no "open", seats and places taken. */
const courses = tableProfile([
  "course_id,title,department,credits,capacity,enrolled,term,instructor,open",
  "C101,Intro to Biology,Biology,4,120,118,Fall,Dr Reyes,yes",
  "C205,Organic Chemistry,Chemistry,4,60,60,Fall,Dr Novak,no",
  "C310,Data Structures,Computer Science,3,80,45,Spring,Dr Patel,yes",
  "C120,World History,History,3,150,90,Fall,Dr Osei,yes",
  "C410,Machine Learning,Computer Science,3,40,40,Spring,Dr Patel,yes",
]);
const values = new Map([
  ["term", ["Fall", "Spring"]],
  ["department", ["Biology", "Chemistry", "Computer Science", "History"]],
  ["instructor", ["Dr Reyes", "Dr Novak", "Dr Patel", "Dr Osei"]],
]);

describe("a college's courses", () => {
  const { operation } = rulesOn(courses, { knownValues: values });
  const full = { all: [{ column: "enrolled", op: "gte", value: { column: "capacity" } }] };
  const open = (value: boolean) => ({ type: "set_value", column: "open", value });

  it("closes and reopens by the verbs of an 'open' column", () => {
    expect(operation("close C101")).toEqual({
      filter: { all: [{ column: "course_id", op: "eq", value: "C101" }] },
      action: open(false),
    });
    expect(operation("reopen C205").action).toEqual(open(true));
  });

  it("reads full as the places taken reaching the places there are", () => {
    // "full" was read as a misspelt term "Fall", and the Fall courses were closed.
    expect(operation("close every course that is full")).toEqual({
      filter: full,
      action: open(false),
    });
    expect(operation("raise the capacity of courses that are full by 10")).toEqual({
      filter: full,
      action: { type: "fixed_increase", column: "capacity", value: 10 },
    });
  });
});

describe("a plain word next to a value", () => {
  it("is not read as that value misspelt", () => {
    // No count of places here: "full" cannot be read, and must not become "Fall".
    const terms = tableProfile([
      "id,name,term,price,open",
      "1,Pottery,Fall,120,yes",
      "2,Yoga,Spring,80,yes",
      "3,Drawing,Fall,95,no",
    ]);
    const { refusal } = rulesOn(terms, { knownValues: new Map([["term", ["Fall", "Spring"]]]) });
    expect(refusal("close every class that is full")).toMatch(/full/);
  });
});

describe("a count said after the rows", () => {
  const { operation } = rulesOn(courses, { knownValues: values });

  it("is the new value after a set verb, and names rows anywhere else", () => {
    expect(operation("make all spring computer science courses 4 credits")).toEqual({
      filter: {
        all: [
          { column: "term", op: "eq", value: "Spring" },
          { column: "department", op: "eq", value: "Computer Science" },
        ],
      },
      action: { type: "set_value", column: "credits", value: 4 },
    });
    expect(operation("raise the capacity of courses with 4 credits by 10").filter).toEqual({
      all: [{ column: "credits", op: "eq", value: 4 }],
    });
  });
});
