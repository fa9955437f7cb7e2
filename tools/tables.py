#!/usr/bin/env python3
"""Writes the blockade and capture table scenarios (scenarios/royal/*-table.goti).

Every expected value below comes from the clauses of ROYAL.md, not from goti:
  blockade.sizes  m standing (m >= 2) block k moving when k <= 3 and k <= m
  capture.sizes   k moving capture m standing when k >= 2 and (m < k or k = 4)
  blockade.fort / capture.fort       nothing on a fort (31)
  blockade.own-entry                 no blockade on the mover's entry (P1: 52)
  capture.own-entry                  no capture on the victim's entry (P2: 39)
  blockade.penalty  5 per lost step (Journey); capture.points 20 per piece,
  King factor 1 (P1's King stays in the Yard).
Run: python3 tools/tables.py
"""

GUARDS = ["G1", "G2", "G3", "G4"]
WORD = {1: "solo", 2: "pair", 3: "trio", 4: "quad"}


def blocked(k, m):
    return m >= 2 and k <= 3 and k <= m


def captured(k, m):
    return k >= 2 and (m < k or k == 4)


def scenario(title, k, m, start, tile, roll, direction, stop_tile, end_tile, steps_to_tile, steps_total, can_block, can_capture, note):
    lines = [f'scenario "{title}"', f"# {note}"]
    lines.append(f"P1 {WORD[k]} on {start}, P2 {WORD[m]} on {tile}")
    clauses = ", ".join(f"{g} {roll}" for g in GUARDS[:k])
    lines.append(f"move {clauses} {direction}")
    is_blocked = can_block and blocked(k, m)
    is_captured = (not is_blocked) and can_capture and captured(k, m)
    battle = 0
    where = end_tile
    if is_blocked:
        where = stop_tile
        lost = steps_total - (steps_to_tile - 1)
        battle -= 5 * lost * k
    if is_captured:
        battle += 20 * m
    for g in GUARDS[:k]:
        lines.append(f"expect P1 {g} on {where}")
    for g in GUARDS[:m]:
        lines.append(f"expect P2 {g} " + ("in yard" if is_captured else f"on {tile}"))
    lines.append(f"expect P1 battle {battle}")
    return "\n".join(lines) + "\n"


def table(kind):
    out = []
    for k in range(1, 5):
        for m in range(1, 5):
            if kind == "blockade-plain":
                out.append(scenario(f"{k} moving pass {m} standing on a plain tile", k, m, 30, 27, 6, "forward", 28, 24, 3, 6, True, True,
                                    "30 -> 24 passing 27; blocked groups stop on 28 with 4 steps lost each"))
            elif kind == "blockade-fort":
                out.append(scenario(f"{k} moving pass {m} standing on a fort", k, m, 33, 31, 4, "forward", 32, 29, 2, 4, False, False,
                                    "33 -> 29 passing fort 31: guards on a fort neither blockade nor are captured"))
            elif kind == "blockade-entry":
                out.append(scenario(f"{k} moving pass {m} standing on the mover's entry", k, m, 49, 52, 4, "backward", 51, 1, 3, 4, False, True,
                                    "49 -> 1 Backward passing 52, P1's entry: no blockade of P1 there; captures as usual"))
            elif kind == "capture-plain":
                out.append(scenario(f"{k} moving land on {m} standing on a plain tile", k, m, 30, 27, 3, "forward", 28, 27, 3, 3, True, True,
                                    "30 -> 27 landing; blocked groups stop on 28 with 1 step lost each"))
            elif kind == "capture-fort":
                out.append(scenario(f"{k} moving land on {m} standing on a fort", k, m, 33, 31, 2, "forward", 32, 31, 2, 2, False, False,
                                    "33 -> 31 landing on a fort: no blockade, no capture"))
            elif kind == "capture-entry":
                out.append(scenario(f"{k} moving land on {m} standing on the victim's entry", k, m, 41, 39, 2, "forward", 40, 39, 2, 2, True, False,
                                    "41 -> 39 landing on P2's entry: P2's pieces there cannot be captured, but can blockade"))
    return "\n".join(out)


HEAD = {
    "blockade": "# The blockade table of ROYAL.md (blockade.sizes, blockade.fort, blockade.own-entry):\n"
                "# a moving group of k = 1-4 guards passes a standing opponent group of m = 1-4.\n"
                "# Written by tools/tables.py from the rule formulas; values are explicit below.\n\n",
    "capture": "# The capture table of ROYAL.md (capture.sizes, capture.fort, capture.own-entry):\n"
               "# a moving group of k = 1-4 guards lands on a standing opponent group of m = 1-4.\n"
               "# Written by tools/tables.py from the rule formulas; values are explicit below.\n\n",
}

if __name__ == "__main__":
    for name in ["blockade", "capture"]:
        body = HEAD[name] + "\n".join(table(f"{name}-{where}") for where in ["plain", "fort", "entry"])
        with open(f"scenarios/royal/{name}-table.goti", "w") as f:
            f.write(body)
