import sys, re
p='src/scanners/code/rules/index.ts'
s=open(p).read()
for rid in sys.argv[1:]:
    var=re.sub(r'-([a-z0-9])', lambda m: m.group(1).upper(), rid)
    if f"'./{rid}.js'" in s: continue
    imports=[m.end() for m in re.finditer(r"import \{ rule as \w+ \} from '\./[a-z0-9-]+\.js';\n", s)]
    last=imports[-1]
    s=s[:last]+f"import {{ rule as {var} }} from './{rid}.js';\n"+s[last:]
    end=s.rindex(']);')
    s=s[:end]+f"  {var},\n"+s[end:]
open(p,'w').write(s)
