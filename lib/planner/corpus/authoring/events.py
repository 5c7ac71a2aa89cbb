from lib import *
random.seed(83)
events = ['Jazz Night','Comedy Hour','Symphony No. 9','Indie Rock Showcase','Shakespeare in the Park','Ballet Gala','Stand-up Saturday','Opera Highlights','Folk Festival','Electronic Beats','Poetry Slam','Film Noir Marathon','Kids Magic Show','Blues Brothers Tribute','String Quartet','Salsa Social','Wine Tasting Evening','Tech Talks Live','Chamber Choir','Hip-Hop Cypher','Piano Recital','Drag Brunch','Flamenco Night','Science Show','Country Jam','Tango Evening','Gospel Choir','Beethoven Sonatas','Improv Jam','Reggae Sunset']
venues = [('Blue Note Hall','Chicago'),('Riverside Theater','Chicago'),('The Lantern','Portland'),('Grand Opera House','Portland'),('Union Stage','Seattle'),('Café Olé','Seattle')]
organizers = ['Live Nation Local','City Arts Council','Moonlight Productions']
rows = []
for i, e in enumerate(events):
    v, city = venues[random.randrange(6)]
    price = D(random.randrange(10, 120)) + (D('0.50') if random.random() < 0.3 else D(0))
    m = random.randint(6, 12); d = random.randint(1, 28)
    y = 2026 if random.random() < 0.8 else 2027
    left = random.randrange(0, 300)
    rows.append([f'EV-{i+1:03d}', e, v, city, f'{y}-{m:02d}-{d:02d}', f'{price:.2f}', left, 'true' if left == 0 else 'false', random.choice(organizers)])
for r in rows:
    if r[0] in ('EV-009', 'EV-016', 'EV-027'): r[6], r[7] = 0, 'true'
    if r[0] in ('EV-025', 'EV-001'): r[6] = 12 if r[0] == 'EV-025' else 8
E = Domain('events', 'event tickets: event, venue, city, date, ticket price, seats left, sold out, organizer', 'tuning',
    ['event_id','event','venue','city','event_date','ticket_price','seats_left','sold_out','organizer'], rows, integer_cols=['seats_left'])
if __name__ == '__main__' and 0:
    for r in E.rows: print(list(r.values()))
P = 'ticket_price'
E.case("raise ticket prices for every Chicago event by 10%", pct(eq('city', 'Chicago'), P, 10))
E.case("Portland shows go up $5", add(eq('city', 'Portland'), P, 5))
E.case("Lower ticket prices at the Blue Note Hall by 15%", pct(eq('venue', 'Blue Note Hall'), P, -15))
E.case("cafe ole tickets: down $2", add(eq('venue', 'Café Olé'), P, -2))
E.case("Raise prices at Union Stage by 6%", pct(eq('venue', 'Union Stage'), P, 6))
E.case("Set the ticket price of Jazz Night to $45", setv(eq('event', 'Jazz Night'), P, 45))
E.case("the ballet gala now costs 95", setv(eq('event', 'Ballet Gala'), P, 95))
E.case("Take $3 off the Kids Magic Show", add(eq('event', 'Kids Magic Show'), P, -3))
E.case("tango evening and salsa social go up 5%", pct(eq('event', 'Tango Evening', 'Salsa Social'), P, 5))
E.case("Raise ticket prices for City Arts Council events by 4%", pct(eq('organizer', 'City Arts Council'), P, 4))
E.case("Everything Moonlight Productions runs: -10%", pct(eq('organizer', 'Moonlight Productions'), P, -10))
E.case("Tickets under $20 go up $2.50", add(cmp(P, '<', 20), P, 2.5))
E.case("Cut tickets priced above $100 by 10%", pct(cmp(P, '>', 100), P, -10))
E.case("raise tickets between $40 and $60 by 5%", pct(both(cmp(P, '>=', 40), cmp(P, '<=', 60)), P, 5))
E.case("no ticket should be under $20", setv(cmp(P, '<', 20), P, 20))
E.case("Raise all ticket prices by 8% but not above $110", pct(ALL, P, 8, hi=110))
E.case("Discount Seattle events by 20%, never below $18", pct(eq('city', 'Seattle'), P, -20, lo=18))
E.case("Events with fewer than 20 seats left go up 15%", pct(cmp('seats_left', '<', 20), P, 15))
E.case("events with more than 250 seats left get 10% off", pct(cmp('seats_left', '>', 250), P, -10))
E.case("Raise prices for events in 2027 by 5%", pct(date('event_date', '>=', '2027-01-01'), P, 5))
E.case("events before August 2026 get $4 off", add(date('event_date', '<', '2026-08-01'), P, -4))
E.case("Events in December 2026: up 12%", pct(both(date('event_date', '>=', '2026-12-01'), date('event_date', '<=', '2026-12-31')), P, 12))
E.case("Raise prices 3% for everything that isn't sold out", pct(eq('sold_out', 'false'), P, 3))
E.case("Mark EV-004 as sold out", setv(keys('EV-004'), 'sold_out', 'true'))
E.case("set the price of ev-010 to 32", setv(keys('EV-010'), P, 32))
E.case("EV-001, EV-002 and EV-003 go up $1", add(keys('EV-001', 'EV-002', 'EV-003'), P, 1))
E.case("Move the Poetry Slam to The Lantern", setv(eq('event', 'Poetry Slam'), 'venue', 'The Lantern'))
E.case("Raise every city except Seattle by 5%", pct(nott(eq('city', 'Seattle')), P, 5))
E.case("raise all events by 3% other than those organized by Live Nation Local", pct(nott(eq('organizer', 'Live Nation Local')), P, 3))
E.case("Raise Chicago by 4% and Portland by 2%", pct(eq('city', 'Chicago'), P, 4), pct(eq('city', 'Portland'), P, 2))
E.case("Raise Riverside Theater tickets by 10%. Also lower The Lantern by 5%.", pct(eq('venue', 'Riverside Theater'), P, 10), pct(eq('venue', 'The Lantern'), P, -5))
E.case("RAISE ALL GRAND OPERA HOUSE TICKETS BY 7%", pct(eq('venue', 'Grand Opera House'), P, 7))
E.case("pls lowr the comedy hour price by 5 dollars", add(eq('event', 'Comedy Hour'), P, -5))
E.case("Increase every ticket by 6% and make them end in .99", pct(ALL, P, 6, ending=0.99))
E.case("Double the price of the Opera Highlights", mul(eq('event', 'Opera Highlights'), P, 2))
E.case("Add 20 seats to the Piano Recital", add(eq('event', 'Piano Recital'), 'seats_left', 20))
E.refuse("cancel every sold-out event")
E.refuse("add a column for the headliner")
E.refuse("price tickets like Ticketmaster")
E.refuse("make our events more popular")
E.refuse("raise prices for events in Denver")
E.refuse("raise prices for the hot shows")
E.write()
