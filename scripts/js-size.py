"""Gzipped size of the JavaScript the sign-in route loads: the entry scripts of index.html, the
modules they preload, the sign-in page's lazy chunk, and every module those import statically."""
import gzip
import re
import sys
from pathlib import Path

dist = Path(sys.argv[1] if len(sys.argv) > 1 else "web/dist")
index = (dist / "index.html").read_text()
start = set(re.findall(r'(?:src|href)="/?(assets/[^"]+\.js)"', index))
start |= {str(p.relative_to(dist)) for p in (dist / "assets").glob("*.js") if re.match(r"(SignIn|Login)", p.name)}
seen, todo = set(), list(start)
while todo:
    name = todo.pop()
    if name in seen or not (dist / name).exists():
        continue
    seen.add(name)
    text = (dist / name).read_text(errors="replace")
    for ref in re.findall(r'(?:from|import)\s*"\./([^"]+\.js)"', text):
        todo.append(f"assets/{ref}")
total = sum(len(gzip.compress((dist / n).read_bytes(), 9)) for n in seen)
for n in sorted(seen):
    print(f"  {n}: {len(gzip.compress((dist / n).read_bytes(), 9)) / 1024:.1f} KB gz")
print(f"JavaScript loaded by the sign-in route: {total / 1024:.1f} KB gzipped (budget 300 KB)")
