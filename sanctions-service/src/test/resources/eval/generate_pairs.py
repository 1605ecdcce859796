#!/usr/bin/env python3
"""Builds pairs.csv, the labelled evaluation set, from REAL entries of the bundled OFAC SDN
(2024-05-03) and UN lists. Deterministic (seed 4). Positives are real listed names rewritten the
way Latin American users type them; negatives are common Latin American names set against a real
listed name that shares a part with them, and real sister names that must not match.
Run from the repository root: python3 sanctions-service/src/test/resources/eval/generate_pairs.py"""
import csv, random, unicodedata, os, re

random.seed(4)
here = os.path.dirname(os.path.abspath(__file__))
res = os.path.join(here, "..", "..", "..", "main", "resources", "lists")
rows = list(csv.reader(open(os.path.join(res, "ofac-sdn", "sdn.csv"), encoding="latin-1")))
alts = {}
for r in csv.reader(open(os.path.join(res, "ofac-sdn", "alt.csv"), encoding="latin-1")):
    if len(r) > 3:
        alts.setdefault(r[0].strip(), []).append(r[3].strip())

latam = {"SDNT", "SDNTK", "ILLICIT-DRUGS", "TCO", "VENEZUELA", "VENEZUELA-EO13850", "CUBA", "NICARAGUA"}
persons, companies = [], []
for r in rows:
    if len(r) < 4:
        continue
    progs = set(p.strip("[] ") for p in r[3].split("] ["))
    if not progs & latam:
        continue
    name = r[1].strip()
    if r[2].strip() == "individual" and name.count(",") == 1:
        fam, giv = [x.strip() for x in name.split(",")]
        if len(fam.split()) == 2 and 1 <= len(giv.split()) <= 2 and all(len(p) > 2 for p in fam.split()):
            persons.append((r[0].strip(), name, fam.split(), giv.split()))
    elif r[2].strip() == "-0-" and re.search(r"S\.A\. DE C\.V\.|LTDA|S\.A\.S\.|S\.A\.$", name):
        companies.append((r[0].strip(), name))
random.shuffle(persons)
random.shuffle(companies)

ACCENT = {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú", "n": "ñ"}
def accent(word):
    w = word.lower()
    for i, ch in enumerate(w):
        if ch in "aeiou" and i > 0:
            return (w[:i] + ACCENT[ch] + w[i + 1:]).capitalize()
    return w.capitalize()

def typo(word):
    w = word.lower()
    if len(w) < 5:
        return w
    i = random.randrange(1, len(w) - 1)
    op = random.choice(["swap", "drop", "double", "sub"])
    if op == "swap":
        return w[:i] + w[i + 1] + w[i] + w[i + 2:]
    if op == "drop":
        return w[:i] + w[i + 1:]
    if op == "double":
        return w[:i] + w[i] + w[i:]
    sub = {"s": "z", "z": "s", "v": "b", "b": "v", "c": "k", "y": "i", "i": "y", "o": "u", "u": "o"}
    return w[:i] + sub.get(w[i], "e") + w[i + 1:]

out = []
def add(cat, q, c, label):
    out.append((cat, q, c, label))

P = persons[:240]
for k, (ent, full, fam, giv) in enumerate(P):
    g = " ".join(x.capitalize() for x in giv)
    f = " ".join(x.capitalize() for x in fam)
    slot = k % 8
    if slot == 0:
        add("exact_given_family_order", f"{g} {f}", full, 1)
    elif slot == 1:
        add("accents", " ".join(accent(x) for x in giv + fam), full, 1)
    elif slot == 2:
        add("double_surname_omitted", f"{g} {fam[0].capitalize()}", full, 1)
    elif slot == 3:
        add("typo", " ".join(x.capitalize() for x in giv) + " " + typo(fam[0]).capitalize() + " " + fam[1].capitalize(), full, 1)
    elif slot == 4:
        add("word_order", f"{fam[0]} {fam[1]} {' '.join(giv)}".upper(), full, 1)
    elif slot == 5 and len(giv) == 2:
        add("compound_given_partial", f"{giv[0].capitalize()} {f}", full, 1)
    elif slot == 5:
        add("initials", f"{giv[0][0]}. {f}", full, 1)
    elif slot == 6:
        add("initials", f"{giv[0][0]}. {f}" if len(giv) == 1 else f"{giv[0].capitalize()} {giv[1][0]}. {f}", full, 1)
    elif slot == 7:
        add("particles", f"{g} {fam[0].capitalize()} de {fam[1].capitalize()}", full, 1)

# transliteration / spelling variants: two real strong names of the same SDN or UN person
for ent, full, fam, giv in persons[240:]:
    for a in alts.get(ent, []):
        shared = set(re.findall(r"[A-Z]+", a.upper())) & set(re.findall(r"[A-Z]+", full.upper()))
        if a.upper() != full.upper() and "," in a and len(shared) >= 2 \
                and len([x for x in out if x[0] == "transliteration_alias"]) < 40:
            add("transliteration_alias", a, full, 1)
for r in rows:
    if len([x for x in out if x[0] == "transliteration_alias"]) >= 60:
        break
    if len(r) > 3 and r[2].strip() == "individual" and "MU" in r[3]:
        pass
hits = 0
for r in rows:
    if hits >= 25 or len(r) < 4 or r[2].strip() != "individual":
        continue
    for a in alts.get(r[0].strip(), []):
        shared = set(re.findall(r"[A-Z]+", a.upper())) & set(re.findall(r"[A-Z]+", r[1].upper()))
        if re.search(r"(MOHAMMAD|MUHAMMAD|MOHAMMED|HUSSEIN|HUSAYN|ABDUL|ABD AL)", a) and a.upper() != r[1].upper() \
                and len(shared) >= 1 and len(a.split()) >= 2:
            add("transliteration_alias", a, r[1].strip(), 1)
            hits += 1
            break

# legal forms: real LATAM companies with the legal form spelt another way
FORMS = {"S.A. DE C.V.": ["SA de CV", "S.A. de C.V.", "Sociedad Anonima de Capital Variable", ""],
         "LTDA": ["Limitada", "Ltda.", ""], "S.A.S.": ["SAS", "S A S", ""], "S.A.": ["SA", "Sociedad Anonima", ""]}
for ent, name in companies[:70]:
    for form, variants in FORMS.items():
        if form in name:
            base = name.replace(", " + form, "").replace(" " + form, "").strip(" ,.")
            v = random.choice(variants)
            add("legal_form", (base.title() + " " + v).strip(), name, 1)
            break

# negatives: common Latin American names against a real listed person sharing one surname
GIVEN = ["Maria", "Jose", "Juan", "Ana", "Luis", "Carlos", "Jorge", "Sofia", "Valentina", "Camila", "Andres", "Diego",
         "Daniela", "Fernanda", "Alejandro", "Gabriela", "Ricardo", "Patricia", "Claudia", "Eduardo", "Joao", "Mariana",
         "Francisca", "Paulo", "Lucia"]
FAMILY = ["Gonzalez", "Rodriguez", "Gomez", "Fernandez", "Lopez", "Diaz", "Martinez", "Perez", "Garcia", "Sanchez",
          "Romero", "Sosa", "Torres", "Alvarez", "Ruiz", "Ramirez", "Flores", "Benitez", "Acosta", "Medina", "Herrera",
          "Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rojas", "Vargas", "Castillo"]
by_surname = {}
for p in persons:
    by_surname.setdefault(p[2][0], []).append(p)
neg = 0
for ent, full, fam, giv in persons:
    if neg >= 110:
        break
    q_giv = random.choice([x for x in GIVEN if x.upper() not in giv])
    other = random.choice([x for x in FAMILY if x.upper() not in fam])
    add("negative_common_name", f"{q_giv} {fam[0].capitalize()} {other}", full, 0)
    neg += 1
# contradicting second surname with the same given name: a different person
for ent, full, fam, giv in persons[:60]:
    other = random.choice([x for x in FAMILY if x.upper() not in fam])
    add("negative_contradicting_surname", f"{' '.join(x.capitalize() for x in giv)} {fam[0].capitalize()} {other}", full, 0)
# sister companies: a real company name against a different real company sharing its first word
firsts = {}
for ent, name in companies:
    firsts.setdefault(name.split()[0], []).append(name)
sis = 0
for k, names in firsts.items():
    if len(names) > 1 and sis < 50:
        add("negative_sister_company", names[0].title(), names[1], 0)
        sis += 1
# plain negatives: common full names vs random listed people
for i in range(60):
    ent, full, fam, giv = random.choice(persons)
    add("negative_common_name", f"{random.choice(GIVEN)} {random.choice(FAMILY)} {random.choice(FAMILY)}", full, 0)

with open(os.path.join(here, "pairs.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["category", "query", "candidate", "label"])
    for row in out:
        w.writerow(row)
print(len(out), "pairs")
