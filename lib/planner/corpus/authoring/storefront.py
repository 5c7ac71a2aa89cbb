from lib import *
import re
random.seed(77)
# A home-goods shop's catalog, with the mess a real export has: suppliers spelt "Ltd" and "LTD",
# titles in any case, descriptions with stray spaces or none, compare-at prices only on some rows.
items = [('oak dining chair','Furniture','Hartwood'),('PINE BOOKCASE','Furniture','Hartwood'),('linen throw','Textiles','Loomcraft'),
 ('wool rug  large','Textiles','Loomcraft'),('ceramic vase','Decor','Kilnworks'),('Glass Carafe','Kitchen','Clearline'),
 ('cast iron pan','Kitchen','Ironside'),('copper kettle','Kitchen','Ironside'),('walnut side table','Furniture','Hartwood'),
 ('cotton napkins (set of 4)','Textiles','Loomcraft'),('STONEWARE MUGS','Kitchen','Kilnworks'),('brass candle holder','Decor','Brightforge'),
 ('velvet cushion','Textiles','Loomcraft'),('bamboo tray','Decor','Greenleaf'),('enamel pot','Kitchen','Ironside'),
 ('rattan basket','Decor','Greenleaf'),('Marble Coasters','Decor','Kilnworks'),('teak bench','Furniture','Hartwood'),
 ('jute doormat','Textiles','Greenleaf'),('porcelain bowl','Kitchen','Kilnworks'),('steel wall shelf','Furniture','Brightforge'),
 ('silk lampshade','Decor','Brightforge'),('wicker chair','Furniture','Greenleaf'),('felt coasters','Decor','Loomcraft')]
suppliers = {'Hartwood':'Hartwood Timber Ltd','Loomcraft':'Loomcraft Weavers LTD','Kilnworks':'Kilnworks Pottery Ltd.','Clearline':'Clearline Glass',
             'Ironside':'Ironside Foundry Ltd','Brightforge':'Brightforge Metals','Greenleaf':'Greenleaf Naturals ltd'}
descriptions = ['Solid  wood, hand finished', '  Soft and warm ', '', 'Made by hand', 'Dishwasher safe', '', 'Easy   care', 'Limited run']
rows = []
for i, (title, category, brand) in enumerate(items):
    cost = D(random.randrange(400, 9000)) / 100
    price = q(cost * D(random.choice(['1.8', '2', '2.2', '2.5'])), 0) - D('0.01')
    compare = '' if random.random() < 0.55 else f'{q(price * D("1.25"), 0):.2f}'
    weight = D(random.randrange(2, 300)) / 10
    rows.append([f'HG-{101+i}', title, brand, category, suppliers[brand], descriptions[i % len(descriptions)], f'{cost:.2f}',
                 f'{price:.2f}', compare, f'{weight}', random.choice(['yes', 'no', 'no'])])
S = Domain('storefront', 'a home-goods shop: title, brand, category, supplier, description, cost, price, compare-at price, weight, on sale', 'tuning',
    ['sku','title','brand','category','supplier','description','cost','price','compare_at_price','weight_kg','on_sale'], rows)

def money(places=2):
    return lambda x: f'{q(x, places):.{places}f}'
def formula(fn, places=2):
    return lambda r: f'{q(fn(r), places):.{places}f}'
def title_case(text):
    return re.sub(r"(^|[^A-Za-z0-9'])([a-z])", lambda m: m.group(1) + m.group(2).upper(), text.lower())
def blank(col): return lambda r: r[col].strip() == ''
def filled(col): return lambda r: r[col].strip() != ''
C, P = 'cost', 'price'

# Formulas.
S.case("Set price to cost × 1.4", compute(ALL, P, formula(lambda r: D(r[C]) * D('1.4'))))
S.case("set the price to cost times 2 for Kitchen items", compute(eq('category', 'Kitchen'), P, formula(lambda r: D(r[C]) * 2)))
S.case("price = cost * 2.5 for Hartwood", compute(eq('brand', 'Hartwood'), P, formula(lambda r: D(r[C]) * D('2.5'))))
S.case("Make the price twice the cost for decor", compute(eq('category', 'Decor'), P, formula(lambda r: D(r[C]) * 2)))
S.case("set price to cost plus 60% for Textiles", compute(eq('category', 'Textiles'), P, formula(lambda r: D(r[C]) * D('1.6'))))
S.case("Recalculate price as cost + 15 for Brightforge products", compute(eq('brand', 'Brightforge'), P, formula(lambda r: D(r[C]) + 15)))
S.case("set price to 90% of compare at price where compare at price is not empty", compute(filled('compare_at_price'), P, formula(lambda r: D(r['compare_at_price']) * D('0.9'))))
S.case("mark everything priced below its compare at price as on sale", setv(colcmp(P, '<', 'compare_at_price'), 'on_sale', 'yes'))
S.case("raise price to compare at price where price is below compare at price", compute(colcmp(P, '<', 'compare_at_price'), P, lambda r: r['compare_at_price']))
S.case("make compare-at price equal to price", compute(ALL, 'compare_at_price', lambda r: r[P]))
S.case("copy price into compare at price where compare at price is empty", compute(blank('compare_at_price'), 'compare_at_price', lambda r: r[P]))
S.case("Set compare at price to price times 1.25 for furniture, rounded to whole numbers", compute(eq('category', 'Furniture'), 'compare_at_price', formula(lambda r: D(r[P]) * D('1.25'), 0)))
S.case("set the price of Greenleaf items to 5 more than cost", compute(eq('brand', 'Greenleaf'), P, formula(lambda r: D(r[C]) + 5)))
S.case("price should be cost * 3 for anything on sale", compute(eq('on_sale', 'yes'), P, formula(lambda r: D(r[C]) * 3)))
# Text.
S.case("Replace 'Ltd' with 'Limited' in supplier", compute(ALL, 'supplier', lambda r: r['supplier'].replace('Ltd', 'Limited')))
S.case('replace "LTD" with "Limited" in the supplier column', compute(ALL, 'supplier', lambda r: r['supplier'].replace('LTD', 'Limited')))
S.case("In supplier, replace Ltd. with Limited for Kilnworks", compute(eq('brand', 'Kilnworks'), 'supplier', lambda r: r['supplier'].replace('Ltd.', 'Limited')))
S.case("remove ' Ltd.' from supplier", compute(ALL, 'supplier', lambda r: r['supplier'].replace(' Ltd.', '')))
S.case("Fill empty descriptions with Coming soon", compute(blank('description'), 'description', lambda r: 'Coming soon'))
S.case("fill in the blank description with 'Details to follow' for Kitchen", compute(both(eq('category', 'Kitchen'), blank('description')), 'description', lambda r: 'Details to follow'))
S.case("where the description is empty, set it to \"See store\"", compute(blank('description'), 'description', lambda r: 'See store'))
S.case("Uppercase the titles", compute(ALL, 'title', lambda r: r['title'].upper()))
S.case("make titles title case", compute(ALL, 'title', lambda r: title_case(r['title'])))
S.case("lowercase the title for Furniture", compute(eq('category', 'Furniture'), 'title', lambda r: r['title'].lower()))
S.case("Capitalise each word of the title for decor items", compute(eq('category', 'Decor'), 'title', lambda r: title_case(r['title'])))
S.case("trim the spaces in descriptions", compute(ALL, 'description', lambda r: re.sub(r'\s+', ' ', r['description']).strip()))
S.case("remove extra spaces from the title", compute(ALL, 'title', lambda r: re.sub(r'\s+', ' ', r['title']).strip()))
S.case('add "SALE: " to the start of the title where on sale', compute(eq('on_sale', 'yes'), 'title', lambda r: 'SALE: ' + r['title']))
S.case('append " (clearance)" to titles for Brightforge', compute(eq('brand', 'Brightforge'), 'title', lambda r: r['title'] + ' (clearance)'))
S.case('set the description to "{brand} {title}" for textiles', compute(eq('category', 'Textiles'), 'description', lambda r: f"{r['brand']} {r['title']}"))
S.case("combine brand and title into description for Kilnworks", compute(eq('brand', 'Kilnworks'), 'description', lambda r: f"{r['brand']} {r['title']}"))
S.case("Flip on_sale for Furniture", compute(eq('category', 'Furniture'), 'on_sale', lambda r: 'no' if r['on_sale'] == 'yes' else 'yes'))
# With other changes.
S.case("Uppercase the titles of Kitchen items and raise their price by 10%", compute(eq('category', 'Kitchen'), 'title', lambda r: r['title'].upper()), pct(eq('category', 'Kitchen'), P, 10))
# Ranks and groups.
def top(by, n, highest, per=None, where=ALL):
    groups = {}
    for r in S.rows:
        if where(r) and r[by].strip() != '':
            groups.setdefault(r[per] if per else '', []).append(r)
    chosen = set()
    for members in groups.values():
        members = sorted(members, key=lambda r: -D(r[by]) if highest else D(r[by]))  # stable: file order on ties
        take = min(n, len(members))
        while take < len(members) and D(members[take][by]) == D(members[take - 1][by]): take += 1
        chosen |= {r['sku'] for r in members[:take]}
    return lambda r: r['sku'] in chosen
def versus_group_average(col, group, above):
    sums = {}
    for r in S.rows:
        if r[col].strip() != '':
            total, count = sums.get(r[group], (D(0), 0))
            sums[r[group]] = (total + D(r[col]), count + 1)
    def holds(r):
        total, count = sums[r[group]]
        return D(r[col]) > total / count if above else D(r[col]) < total / count
    return holds
S.case("Raise the 3 cheapest by $1", add(top(P, 3, False), P, 1))
S.case("cut the most expensive item of each category by 10%", pct(top(P, 1, True, per='category'), P, -10))
S.case("take $2 off the top 5 by cost", add(top(C, 5, True), P, -2))
S.case("Cut prices that are above their category's average by 5%", pct(versus_group_average(P, 'category', True), P, -5))
S.case("raise prices below the average price for their brand by 3%", pct(versus_group_average(P, 'brand', False), P, 3))
S.case("Set compare at price to price times 1.25 for the 2 most expensive Kitchen items", compute(top(P, 2, True, where=eq('category', 'Kitchen')), 'compare_at_price', formula(lambda r: D(r[P]) * D('1.25'))))
# What must be refused.
S.refuse("raise the cheapest products by 5%")
S.refuse("Uppercase every SKU")
S.refuse("set price to cost times margin")
S.refuse("make the descriptions more appealing")
S.refuse("replace the supplier names with better ones")
S.refuse("set price to cost × 1.4 for the garden range")
S.write()
