"""Authoring helper for planner corpus domains: tables and expected cells computed, never guessed."""
import csv, io, os, random
from decimal import Decimal as D, ROUND_HALF_UP, ROUND_FLOOR, ROUND_CEILING

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'domains')

def q(x, places):
    return x.quantize(D(1).scaleb(-places), rounding=ROUND_HALF_UP)

def snap(x, ending):
    e = D(str(ending))
    below = (x - e).to_integral_value(rounding=ROUND_FLOOR) + e
    above = below + 1
    return below if (x - below) < (above - x) else above

class Op:
    def __init__(self, where, col, kind, value=None, lo=None, hi=None, round_to=None, ending=None):
        self.where, self.col, self.kind, self.value = where, col, kind, value
        self.lo, self.hi, self.round_to, self.ending = lo, hi, round_to, ending

def pct(where, col, p, **kw): return Op(where, col, 'pct', D(str(p)), **kw)
def add(where, col, a, **kw): return Op(where, col, 'add', D(str(a)), **kw)
def mul(where, col, f, **kw): return Op(where, col, 'mul', D(str(f)), **kw)
def setv(where, col, v, **kw): return Op(where, col, 'set', v, **kw)
def compute(where, col, fn):
    """The new text of the cell from its whole row (formulas and text actions); None leaves it."""
    return Op(where, col, 'row', fn)

class Domain:
    def __init__(self, name, desc, split, header, rows, integer_cols=(), text_bool=None):
        self.name, self.desc, self.split, self.header = name, desc, split, header
        self.rows = [dict(zip(header, map(str, r))) for r in rows]
        self.key = header[0]
        self.integer_cols = set(integer_cols)
        self.numeric_cols = {c for c in header if all(_is_number(r[c]) for r in self.rows if r[c].strip() != '')}
        self.cases = []
        keys = [r[self.key] for r in self.rows]
        assert len(set(keys)) == len(keys), 'duplicate keys'

    def case(self, instruction, *ops):
        rows = [dict(r) for r in self.rows]
        for op in ops:
            for r in rows:
                if not op.where(r):
                    continue
                if op.kind == 'row':
                    new = op.value(dict(r))
                    if new is not None: r[op.col] = new
                    continue
                r[op.col] = self._apply(op, r[op.col])
        changes = []
        for before, after in zip(self.rows, rows):
            for c in self.header:
                if before[c] != after[c] and (c not in self.numeric_cols or not self._same(before[c], after[c])):
                    changes.append((after[self.key], c, after[c]))
        assert changes, f'no change: {instruction}'
        self.cases.append((instruction, changes))

    def refuse(self, instruction):
        self.cases.append((instruction, None))

    def _same(self, a, b):
        try:
            return D(a) == D(b)
        except Exception:
            return False

    def _apply(self, op, current):
        if op.kind == 'set' and not isinstance(op.value, (int, float, D)):
            return str(op.value)
        places = op.round_to if op.round_to is not None else (0 if op.col in self.integer_cols else 2)
        x = D(current)
        direction = 0
        if op.kind == 'pct': direction = 1 if op.value > 0 else -1
        if op.kind == 'add': direction = 1 if op.value > 0 else -1
        if op.kind == 'mul': direction = 1 if op.value > 1 else (-1 if op.value < 1 else 0)
        lo = None if op.lo is None else D(str(op.lo))
        hi = None if op.hi is None else D(str(op.hi))
        if direction < 0 and lo is not None and x < lo: return current
        if direction > 0 and hi is not None and x > hi: return current
        if op.kind == 'pct': y = x * (100 + op.value) / 100
        elif op.kind == 'add': y = x + op.value
        elif op.kind == 'mul': y = x * op.value
        else: y = D(str(op.value))
        y = q(y, places)
        if op.ending is not None: y = snap(y, op.ending)
        if lo is not None and y < lo: y = lo
        if hi is not None and y > hi: y = hi
        return str(y)

    def write(self):
        os.makedirs(OUT, exist_ok=True)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator='\n')
        w.writerow(self.header)
        for r in self.rows: w.writerow([r[c] for c in self.header])
        open(os.path.join(OUT, self.name + '.csv'), 'w').write(buf.getvalue())
        lines = [f'# {self.name}: {self.desc}', f'# split: {self.split}', '']
        for instruction, changes in self.cases:
            lines.append('> ' + instruction)
            if changes is None: lines.append('refused')
            else:
                for k, c, v in changes: lines.append(f'{k} | {c} | {v}')
            lines.append('')
        open(os.path.join(OUT, self.name + '.cases'), 'w').write('\n'.join(lines))
        n = len(self.cases); r = sum(1 for _, c in self.cases if c is None)
        print(f'{self.name}: {n} cases ({r} refused), {len(self.rows)} rows')

def _is_number(text):
    try:
        D(text)
        return True
    except Exception:
        return False

# filter helpers: r is a dict of strings
def eq(col, *vals):
    vs = {v.lower() for v in vals}
    return lambda r: r[col].lower() in vs
def num(r, col): return D(r[col])
def cmp(col, op, v):
    v = D(str(v))
    ops = {'<': lambda a: a < v, '<=': lambda a: a <= v, '>': lambda a: a > v, '>=': lambda a: a >= v}
    return lambda r: ops[op](D(r[col]))
def colcmp(col, op, other):
    """The row's number in `col` against its own number in `other`; an empty cell matches nothing."""
    ops = {'<': lambda a, b: a < b, '<=': lambda a, b: a <= b, '>': lambda a, b: a > b, '>=': lambda a, b: a >= b}
    return lambda r: r[col].strip() != '' and r[other].strip() != '' and ops[op](D(r[col]), D(r[other]))
def date(col, op, v):
    ops = {'<': lambda a: a < v, '<=': lambda a: a <= v, '>': lambda a: a > v, '>=': lambda a: a >= v}
    return lambda r: ops[op](r[col])
def both(*fs): return lambda r: all(f(r) for f in fs)
def either(*fs): return lambda r: any(f(r) for f in fs)
def nott(f): return lambda r: not f(r)
def keys(*ks):
    s = set(ks)
    return lambda r: r[list(r.keys())[0]] in s
ALL = lambda r: True
