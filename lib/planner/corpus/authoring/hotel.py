from lib import *
random.seed(71)
types = ['Standard Double','Deluxe King','Junior Suite','Family Room','Single']
views = ['Sea','Garden','City','Courtyard']
rows = []
for i in range(36):
    floor = 1 + i // 6
    t = random.choice(types)
    base = {'Standard Double':110,'Deluxe King':165,'Junior Suite':240,'Family Room':190,'Single':85}[t]
    rate = base + random.randrange(0, 12) * 5
    cap = {'Standard Double':2,'Deluxe King':2,'Junior Suite':3,'Family Room':4,'Single':1}[t]
    y = random.choice([2015, 2018, 2021, 2023, 2025]); m = random.randint(1, 12)
    rows.append([f'{floor}{(i % 6) + 1:02d}', t, floor, random.choice(views), rate, cap, random.choice(['Yes','No','No','No']), f'{y}-{m:02d}-01', random.choice(['Ana Ruiz','Ben Okoro','Clara Jensen'])])
H = Domain('hotel', 'hotel rooms: room number, type, floor, view, nightly rate, capacity, accessible, last renovated, housekeeper', 'tuning',
    ['Room','Room Type','Floor','View','Nightly Rate','Max Guests','Accessible','Last Renovated','Housekeeper'], rows, integer_cols=['Floor','Nightly Rate','Max Guests'])
if __name__ == '__main__' and 0:
    for r in H.rows: print(list(r.values()))
R = 'Nightly Rate'
ty = lambda *v: eq('Room Type', *v)
vw = lambda *v: eq('View', *v)
H.case("Raise the nightly rate of all sea view rooms by 10%", pct(vw('Sea'), R, 10))
H.case("junior suites go up $20 a night", add(ty('Junior Suite'), R, 20))
H.case("Lower the rate for garden-view rooms by 5%", pct(vw('Garden'), R, -5))
H.case("Deluxe Kings: +8%", pct(ty('Deluxe King'), R, 8))
H.case("cut single room rates by $10", add(ty('Single'), R, -10))
H.case("Increase family room rates by 6 percent", pct(ty('Family Room'), R, 6))
H.case("city view rooms get a 4% increase", pct(vw('City'), R, 4))
H.case("Raise rates on floors 5 and above by 5%", pct(cmp('Floor', '>=', 5), R, 5))
H.case("rooms on the first floor get $15 off", add(eq('Floor', '1'), R, -15))
H.case("Increase rates by 3% for rooms that sleep at least 3 guests", pct(cmp('Max Guests', '>=', 3), R, 3))
H.case("Rooms charging more than $250 go down 5%", pct(cmp(R, '>', 250), R, -5))
H.case("raise rooms under 100 dollars by 10", add(cmp(R, '<', 100), R, 10))
H.case("Increase rates between $150 and $200 by 4%", pct(both(cmp(R, '>=', 150), cmp(R, '<=', 200)), R, 4))
H.case("make sure no room is cheaper than $95 a night", setv(cmp(R, '<', 95), R, 95))
H.case("Raise every rate by 12% but never above $280", pct(ALL, R, 12, hi=280))
H.case("Cut Junior Suite rates by 15%, but not below $230", pct(ty('Junior Suite'), R, -15, lo=230))
H.case("Rooms last renovated before 2020 get 10% off", pct(date('Last Renovated', '<', '2020-01-01'), R, -10))
H.case("rooms renovated in 2025 go up 7%", pct(both(date('Last Renovated', '>=', '2025-01-01'), date('Last Renovated', '<=', '2025-12-31')), R, 7))
H.case("Raise accessible rooms by 3%", pct(eq('Accessible', 'Yes'), R, 3))
H.case("Mark room 305 as accessible", setv(keys('305'), 'Accessible', 'Yes'))
H.case("Set the rate of room 101 to 120", setv(keys('101'), R, 120))
H.case("rooms 201, 202 and 203 go up $5", add(keys('201', '202', '203'), R, 5))
H.case("Change room 604 to a Junior Suite", setv(keys('604'), 'Room Type', 'Junior Suite'))
H.case("Clara Jensen takes over all the rooms on floor 2", setv(eq('Floor', '2'), 'Housekeeper', 'Clara Jensen'))
H.case("Raise all rates by 5% except courtyard rooms", pct(nott(vw('Courtyard')), R, 5))
H.case("raise every room type other than Singles by 4%", pct(nott(ty('Single')), R, 4))
H.case("Raise sea view by 6% and garden view by 2%", pct(vw('Sea'), R, 6), pct(vw('Garden'), R, 2))
H.case("Increase Deluxe King rates by 5%. Also lower Single rates by 5%.", pct(ty('Deluxe King'), R, 5), pct(ty('Single'), R, -5))
H.case("RAISE ALL SEA VIEW SUITES BY 10%", pct(both(vw('Sea'), ty('Junior Suite')), R, 10))
H.case("pleese raise the family rooms by $12", add(ty('Family Room'), R, 12))
H.case("Ben Okoro's rooms: rate up 2%", pct(eq('Housekeeper', 'Ben Okoro'), R, 2))
H.case("Deluxe King rooms with a sea view get $25 more", add(both(ty('Deluxe King'), vw('Sea')), R, 25))
H.case("Give a 20% discount on every room", pct(ALL, R, -20))
H.case("Set all city view rates to 175", setv(vw('City'), R, 175))
H.refuse("Delete room 101")
H.refuse("add a minibar column")
H.refuse("match Booking.com's prices")
H.refuse("make the rooms more appealing")
H.refuse("raise rates for the penthouse")
H.refuse("raise rates on busy weekends")
H.write()
