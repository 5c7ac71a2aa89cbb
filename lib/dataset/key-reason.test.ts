import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { explainKeyColumn } from "./key-reason";
import { profileDataset } from "./profile";

const profileOf = (text: string) => profileDataset(parseCsv(new TextEncoder().encode(text)));

describe("explainKeyColumn", () => {
  it("says why the first column is the key", () => {
    const profile = profileOf("code,name\nA1,Mug\nA2,Cup\n");
    expect(explainKeyColumn(profile, profile.keyColumn)).toEqual({
      reason: "“code” is the first column and has a different value on each of the 2 rows.",
    });
  });

  it("warns when the first column repeats and another column became the key", () => {
    const profile = profileOf("region,ref,price\nEU,R1,1\nEU,R2,2\nUS,R3,3\n");
    expect(profile.keyColumn).toBe("ref");
    expect(explainKeyColumn(profile, "ref").warning).toBe(
      "The first column, “region”, repeats: 2 different values on 3 rows, so it cannot identify rows. Check that “ref” is the column you mean.",
    );
  });

  it("names empty cells as the reason too", () => {
    const profile = profileOf("name,id\nAda,1\n,2\n");
    expect(explainKeyColumn(profile, "id").warning).toMatch(/is empty on 1 row,/);
  });

  it("writes counts with their thousands grouped, as en-US does", () => {
    const profile = profileOf("code,name\nA1,Mug\n");
    fc.assert(
      fc.property(fc.nat(), (rowCount) => {
        const { reason } = explainKeyColumn({ ...profile, rowCount }, "code");
        expect(reason).toContain(` ${rowCount.toLocaleString("en-US")} rows`);
      }),
    );
  });
});
