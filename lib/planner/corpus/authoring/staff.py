from lib import *
random.seed(7)
first = ['Dana','Luis','Priya','Tom','Aisha','Marco','Chen','Olivia','Kwame','Sofia','Ivan','Hannah','Mateo','Grace','Omar','Zoë','Liam','Fatima','Noah','Elena','Sam','Yuki','Ben','Chloé','Raj','Maya','Peter','Lucia','Hugo','Nina','Jonas','Amara','Felix','Rosa','Theo','Ines']
last = ['Kim','García','Patel','Nguyen','Okafor','Rossi','Wei','Brown',"O'Neil",'Müller','Petrov','Schmidt','López','Hall','Haddad','Fischer','Walsh','Khan','Young','Novak','Reyes','Tanaka','Clark','Dubois','Mehta','Cohen','Baker','Silva','Laurent','Berg','Lindqvist','Mensah','Wagner','Moreno','Evans','Costa']
depts = ['Engineering','Customer Success','Sales','Finance','Operations','Marketing']
titles = {'Engineering':['Software Engineer','Senior Engineer','Engineering Manager'],'Customer Success':['Support Specialist','Account Manager'],'Sales':['Sales Rep','Sales Manager'],'Finance':['Accountant','Financial Analyst'],'Operations':['Warehouse Associate','Shift Lead'],'Marketing':['Marketing Coordinator','Content Writer']}
cities = ['Boston','Denver','Austin','New York','San José']
rows = []
for i in range(36):
    dep = depts[i % 6] if i < 30 else random.choice(depts)
    title = random.choice(titles[dep])
    salary = random.randrange(38, 140) * 1000 + random.choice([0, 250, 500, 750])
    y = random.randint(2014, 2025); m = random.randint(1, 12); d = random.randint(1, 28)
    shift = random.choice(['day','day','night']) if dep == 'Operations' or dep == 'Customer Success' else 'day'
    rows.append([f'E-{1001+i}', f'{first[i]} {last[i]}', dep, title, cities[i % 5], salary, f'{y}-{m:02d}-{d:02d}', random.choice(['yes','no','no','no']), shift])
S = Domain('staff', 'a staff roster: names, departments, titles, cities, salaries, start dates, part-time, shift', 'tuning',
    ['employee_id','full_name','department','title','city','salary','start_date','part_time','shift'], rows, integer_cols=['salary'])
import json
if __name__ == '__main__':
    pass

s = 'salary'
dep = lambda *v: eq('department', *v)
S.case("Give everyone in Customer Success a 3% raise", pct(dep('Customer Success'), s, 3))
S.case("raise salaries in engineering by 5%", pct(dep('Engineering'), s, 5))
S.case("Increase the salary of all Finance staff by 4%", pct(dep('Finance'), s, 4))
S.case("bump marketing salaries 2.5%", pct(dep('Marketing'), s, 2.5))
S.case("Dana Kim's salary goes up 6%", pct(eq('full_name', 'Dana Kim'), s, 6))
S.case("Set Kwame O'Neil's salary to 75,000", setv(eq('full_name', "Kwame O'Neil"), s, 75000))
S.case("give zoe fischer a 2000 raise", add(eq('full_name', 'Zoë Fischer'), s, 2000))
S.case("Chloe Dubois gets a 5% raise", pct(eq('full_name', 'Chloé Dubois'), s, 5))
S.case("everyone in Denver gets 1,500 more", add(eq('city', 'Denver'), s, 1500))
S.case("Raise pay for the New York office by 3%", pct(eq('city', 'New York'), s, 3))
S.case("increase salaries for staff in San Jose by 2%", pct(eq('city', 'San José'), s, 2))
S.case("Give all Shift Leads a 4% raise", pct(eq('title', 'Shift Lead'), s, 4))
S.case("raise every Sales Manager's salary by $3k", add(eq('title', 'Sales Manager'), s, 3000))
S.case("give the night shift 800 more", add(eq('shift', 'night'), s, 800))
S.case("Everyone gets a 2% raise", pct(ALL, s, 2))
S.case("raise everybody's salary by 1.5% except Sales", pct(nott(dep('Sales')), s, 1.5))
S.case("Increase salaries by 3% for everyone other than Engineering and Finance", pct(nott(dep('Engineering', 'Finance')), s, 3))
S.case("give part-time employees a 4% raise", pct(eq('part_time', 'yes'), s, 4))
S.case("raise salaries 3% for staff who aren't part time", pct(eq('part_time', 'no'), s, 3))
S.case("Anyone earning under 50,000 gets a 5% raise", pct(cmp(s, '<', 50000), s, 5))
S.case("raise salaries below $55k by 2000", add(cmp(s, '<', 55000), s, 2000))
S.case("Cut salaries over 130,000 by 2%", pct(cmp(s, '>', 130000), s, -2))
S.case("increase pay by 3% for people earning between 60k and 80k", pct(both(cmp(s, '>=', 60000), cmp(s, '<=', 80000)), s, 3))
S.case("make sure no salary is under 50,000", setv(cmp(s, '<', 50000), s, 50000))
S.case("Raise engineering salaries by 10% but not above 60,000", pct(dep('Engineering'), s, 10, hi=60000))
S.case("give marketing a 5% raise, capped at 110k", pct(dep('Marketing'), s, 5, hi=110000))
S.case("Reduce Sales salaries by 5%, never below 50,000", pct(dep('Sales'), s, -5, lo=50000))
S.case("Give everyone hired before 2016 a 4% raise", pct(date('start_date', '<', '2016-01-01'), s, 4))
S.case("staff who started in 2023 get 1000 more", add(both(date('start_date', '>=', '2023-01-01'), date('start_date', '<=', '2023-12-31')), s, 1000))
S.case("raise salaries 2% for everyone who joined since 2024", pct(date('start_date', '>=', '2024-01-01'), s, 2))
S.case("Give people hired last year a 1% raise", pct(both(date('start_date', '>=', '2025-01-01'), date('start_date', '<=', '2025-12-31')), s, 1))
S.case("raise E-1005 and E-1011 by 5%", pct(keys('E-1005', 'E-1011'), s, 5))
S.case("set the salary of e-1027 to 58000", setv(keys('E-1027'), s, 58000))
S.case("E-1013, E-1019 and E-1025: up 3%", pct(keys('E-1013', 'E-1019', 'E-1025'), s, 3))
S.case("Move Ines Costa to the Sales department", setv(eq('full_name', 'Ines Costa'), 'department', 'Sales'))
S.case("promote Chen Wei to Engineering Manager", setv(eq('full_name', 'Chen Wei'), 'title', 'Engineering Manager'))
S.case("Switch Aisha Okafor to the day shift", setv(eq('full_name', 'Aisha Okafor'), 'shift', 'day'))
S.case("Felix Wagner is no longer part-time", setv(eq('full_name', 'Felix Wagner'), 'part_time', 'no'))
S.case("Raise Finance by 3% and Operations by 2%", pct(dep('Finance'), s, 3), pct(dep('Operations'), s, 2))
S.case("Give Customer Success a 4% raise. Also give Marketing 1000 more.", pct(dep('Customer Success'), s, 4), add(dep('Marketing'), s, 1000))
S.case("PLEASE RAISE ALL OPERATIONS SALARIES BY 3%", pct(dep('Operations'), s, 3))
S.case("can you incrase the salaries in finanse by 2 percent", pct(dep('Finance'), s, 2))
S.refuse("Fire everyone in Marketing")
S.refuse("add a bonus column for Sales")
S.refuse("Pay everyone what Google pays")
S.refuse("make the team happier")
S.refuse("give the Paris office a raise")
S.refuse("delete E-1004")
S.write()
