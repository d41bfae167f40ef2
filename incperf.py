import sys, time, types
sys.path.insert(0, "/work/main/benchmarks")
import lsp_latency as L
mod = types.ModuleType("bschema"); exec(L.SCHEMA, mod.__dict__); sys.modules["bschema"]=mod
from hcldecode.lsp._check import Document, Target, check
text = L.config_text(1_000_000)
t = Target(mod.Config)
d = Document(text, "a.hcl"); d.parsed(); check(d, t)
lines = text.split("\n")
for where in (2, len(lines)//2, len(lines) - 5, 2, 3):
    for v in range(3):
        ls = list(lines); ls[where] = ls[where] + ("1" if v % 2 else "")
        new = "\n".join(ls)
        a = time.process_time()
        d = Document(new, "a.hcl", previous=d)
        b = time.process_time(); d.parsed(); c = time.process_time(); r = check(d, t); e = time.process_time()
        print(where, f"doc {1000*(b-a):.0f} parse {1000*(c-b):.0f} check {1000*(e-c):.0f} total {1000*(e-a):.0f}", len(r))
