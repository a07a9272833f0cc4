"""A mutation review of the rules engine (and of the search's scoring): does a test fail when a rule is broken?

Each mutant is a small patch (a file, an exact piece of its text, what replaces it). The script copies the working
tree for each mutant, applies the patch, runs the engine's tests there and reports whether a test failed ("killed")
or all passed ("survived"). The sets:

- ``fixes``: each fix of issue 16 flipped back — every one must be killed;
- ``engine``: a review of the engine's rules (targets, costs, resolution, triggers, replacement, continuous effects,
  events), with ``engine2``, ``engine3`` and ``zones`` (the index of where the cards are) — the figure is the share
  killed among those that are not equivalent (``EQUIVALENT`` says why).

- ``search``: the search's scoring (scored postings, the bag's coordination, filters, snippets, the mapped index
  files), run against the search tests.

Usage: python tests/mutation/mutants.py [fixes|engine|engine2|engine3|zones|search|engines|all] [--jobs N] [--only ID …]
(`engines`: every engine set; `all`: those and the fixes.)
Not collected by pytest (it runs pytest itself, once per mutant: about 20 s each).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ["tests/test_engine_rulings_review.py", "tests/test_scenario_baseline.py", "tests/test_scenario_files.py",
         "tests/test_sanguo_rules.py", "tests/test_scenario_loader.py", "tests/test_engine_chain.py",
         "tests/test_engine_dependency_batches.py", "tests/test_engine_durations_timestamps.py",
         "tests/test_engine_effects.py", "tests/test_engine_loops.py", "tests/test_engine_packets_loops.py",
         "tests/test_engine_resolution.py", "tests/test_engine_targets.py", "tests/test_engine_timestamps.py",
         "tests/test_games_data.py", "tests/test_props_effects.py", "tests/test_faq_examples.py", "tests/test_scenario_order.py",
         "tests/test_riftbound.py", "tests/test_engine_zone_index.py"]

E, T, R, C, CO, TR, RE, CN, EV, F, G, L, RS, RI = (
    "judge/engine/effects.py", "judge/engine/targets.py", "judge/engine/resolution.py", "judge/engine/chain.py",
    "judge/engine/costs.py", "judge/engine/triggers.py", "judge/engine/replacement.py", "judge/engine/continuous.py",
    "judge/engine/events.py", "judge/engine/field.py", "judge/engine/game.py", "judge/engine/loops.py",
    "judge/engine/ruleset.py", "judge/games/rise/rules.py")
LD, EX, RU = "judge/scenario/loader.py", "judge/scenario/expectations.py", "judge/scenario/runner.py"
DP, AC = "judge/engine/dependency.py", "judge/engine/actions.py"

# (id, file, text, replacement)
FIXES: list[tuple[str, str, str, str]] = [
    ("709.2f replaced = not done", E, "counts = game.data.if_you_do(done, replaced)", "counts = done"),
    ("417.5b if-you-do follows the replacement", RS, 'return bool(self.raw.get("if_you_do_follows_replacement"))', "return False"),
    ("discard step lists only real discards", E, "if discarded or not picked:\n", "discarded = [CardRef(c, game.state.cards[c].inc - 1) for c in picked]\n        if True:\n"),
    ("store counts only real discards", E, "total += len(discarded)", "total += len(picked)"),
    ("a replaced move cites the replacement", RE, 'ev.data["cites"] = game.data.cite("replacement.modify")', "pass"),
    ("discard is its own event", RE, 'if ev.kind != "move" or ev.data.get("cause") != "discard":', 'if ev.kind != "move":'),
    ("leaving / entering", RE, "if ev.kind == \"move\" and not _move_match(game, s, ev):", "if False:"),
    ("discarded trigger event", TR, '        if ev.data.get("cause") == "discard":\n            names.add("discarded")\n', ""),
    ("enters from a zone", TR, 'ev.kind not in ("move", "entered")', 'ev.kind != "move"'),
    ("loader: when keys", LD, "if key not in allowed and key not in own_when:", "if False:"),
    ("loader: replacement keys", LD, "if k not in allowed and k not in own_replace:", "if False:"),
    ("loader: ability replacement names a card", LD, 'spec[k] not in ("self", "attached")', "False"),
    ("loader: zone in a filter", LD, 'if isinstance(m.get(key), dict) and "zone" in m[key]:', "if False:"),
    ("loader: ambiguous opponent", LD, 'if m.get(key) == "opponent" and ("choose" in m or _is_step_arg(path)):', "if False:"),
    ("engine: ambiguous opponent", E, "        if len(opponents) > 1:\n            from judge.engine.errors import InvalidInput\n\n            raise",
     "        if False:\n            from judge.engine.errors import InvalidInput\n\n            raise"),
    ("a card that left: its values then (filters)", CN, "return game.state.lki_chars[card.ref]  #", "pass  #"),
    ("a card that left: its values then (conditions)", E, 'refs = read_refs(ctx, arg["card"], cards(ctx, arg["card"]))', 'refs = cards(ctx, arg["card"])'),
    ("a card that left: 712.3b on a stolen unit's trigger", TR, "                extra += game.data.cite(\"info.lki_left\")\n", "                pass\n"),
    ("a card that left: 712.3b on a read", E, 'game.data.cite("info.lki_left" if left else "info.lki")', 'game.data.cite("info.lki")'),
    ("707.1e reductions in the player's order", CO, "if len(totals) > 1:", "if False:"),
    ("shield gone after the prevention", RE, "        if used_up:  #", "        if False:  #"),
    ("priority and passes say no rule governs them", G, 'cites or self.data.cite("priority.receive")', "cites"),
    ("the turn's draw says no rule governs it", G, 'self.data.cite("turn.draw")', "()"),
    ("refused answers", RU, "            if i is None or not self.entries[i].get(\"illegal\"):", "            if True:"),
    ("an accepted illegal answer fails", RU, 'checked += [Checked(sc.data["choices"][i], False, "accepted: the rules allow this answer") for i in chooser.accepted]', "pass"),
    ("cites counts --explain", EX, 'or exp["cites"] in _explain_cited(game)', ""),
    ("shield expectation", EX, "if shields:\n        return sum(", "if shields:\n        return 1 + sum("),
    ("a trigger on what its card was attached to", TR, ' or host.id in ev.data.get("fell_off", ())', ""),
    ("applied expectation order", EX, "return Checked(exp, actual == list(exp[\"applied\"]), actual)", "return Checked(exp, sorted(actual) == sorted(exp[\"applied\"]), actual)"),
]

ENGINE: list[tuple[str, str, str, str]] = [
    # targets (706, 709.2a)
    ("target: 'lte' bound", T, 'if "lte" in bounds and value > eval_static', 'if "lte" in bounds and value >= eval_static'),
    ("target: opponent's card", T, 'if who == "opponent" and card.controller == controller:', 'if who == "opponent" and card.controller != controller:'),
    ("target: untargetable", T, 'if "untargetable" in card.status:\n            return "untargetable"', 'if False:\n            return "untargetable"'),
    ("target: a card cannot target itself", T, 'if link.kind == "card" and card.id == link.source.id:', "if False:"),
    ("target: magnet is the opponent's", T, "card.controller != link.controller", "card.controller == link.controller"),
    ("target: count capped by legal targets", T, "high = min(high, n_legal)", "high = high"),
    ("target: random picks magnets first", T, "pool = [o for o in magnets if o not in chosen] or [o for o in legal if o not in chosen]", "pool = [o for o in legal if o not in chosen]"),
    ("target: distribute at least 1 each", T, "if total < len(chosen):", "if total < 0:"),
    ("target: moved object is illegal", T, 'return "moved"  #', 'pass  #'),
    # resolution (709, 711)
    ("resolve: fizzle only when none legal", R, "if (illegal or tracked_bad) and n_legal == 0 and not ignore:", "if (illegal or tracked_bad) and n_legal <= 1 and not ignore:"),
    ("resolve: interrupted card to the graveyard", R, 'if link.kind == "card" and st.is_current(link.source):', "if False:"),
    ("resolve: permanents stay", R, 'stays = info.get("permanent") or', 'stays = not info.get("permanent") and'),
    ("resolve: the turn player gets priority", R, "    game.give_priority(game.state.turn, game.data.cite(\"resolve.priority\"))\n\n\ndef _execute_again",
     "    game.give_priority(link.controller, game.data.cite(\"resolve.priority\"))\n\n\ndef _execute_again"),
    # adding links (707)
    ("chain: rewind restores the state", C, "        game.state = saved  #", "        pass  #"),
    ("chain: a trigger's cost must be affordable", C, "can = costs.total(game, link)[0] <= st.pools", "can = costs.total(game, link)[0] < st.pools"),
    ("cost: below 0 counts as 0", CO, "    if amount < 0:\n        amount = 0", "    if False:\n        amount = 0"),
    ("cost: a minimum binds its own reduction", CO, 'return max(min(amount, int(m["minimum"])), amount - r)', 'return max(int(m["minimum"]), amount - r)'),
    ("cost: cannot pay more than the pool", CO, "if amount > st.pools.get(link.controller, 0):", "if amount > st.pools.get(link.controller, 0) + 1:"),
    ("cost: an exhausted source cannot pay", CO, "if card.exhausted or not game.is_field(card.zone):", "if not game.is_field(card.zone):"),
    ("cost: additional costs add", CO, "        amount += a\n", "        amount += 0\n"),
    # triggers (708)
    ("trigger: opponent means another player", TR, 'return who is not None and who != controller', 'return who is not None'),
    ("trigger: a leaves-the-field ability looks back", TR, '                bindings["self_left"] = href\n', "                pass\n"),
    ("trigger: turn player's triggers first", TR, "for player in st.seat_order_from(st.turn):\n        mine", "for player in reversed(st.seat_order_from(st.turn)):\n        mine"),
    ("trigger: the if clause", TR, "    cond = (ab.get(\"when\") or {}).get(\"if\")\n    if cond is None:", "    cond = None\n    if cond is None:"),
    ("trigger: leaves means off the field", TR, 'if game.is_field(ev.data.get("from", "")) and not game.is_field(ev.data["to"]):', 'if game.is_field(ev.data.get("from", "")):'),
    ("trigger: the card as it was, with its granted abilities", TR, "hosts.append((st.lki[ev.card], ev.card, True))", "hosts.append((st.cards[ev.card.id], ev.card, True))"),
    ("lethal: damage equal to health", TR, 'and c.damage >= (game.chars(c)["health"] or 0)', 'and c.damage > (game.chars(c)["health"] or 0)'),
    # replacement and prevention (716, 717)
    ("prevent: not an unpreventable packet", RE, 'if r.prevention and not d.get("preventable", True):\n            return False', 'if False:\n            return False'),
    ("prevent: first each turn counts damage dealt", RE, "return int(r.spec[\"first_each_turn\"]) - st.turn_damage.get(ev.card.id, 0)", "return int(r.spec[\"first_each_turn\"]) + 0 * st.turn_damage.get(ev.card.id, 0)"),
    ("prevent: no more than the packet", RE, "prevented = min(amount, cap)", "prevented = cap"),
    ("prevent: a shield shrinks by X", RE, "st.shield_used[r.rid] = st.shield_used.get(r.rid, 0) + amount", "st.shield_used[r.rid] = st.shield_used.get(r.rid, 0) + prevented"),
    ("replace: the affected card's controller chooses", RS, "return card.controller, cands, self.cite(\"replacement.chooser\")", "return str(ev.player), cands, self.cite(\"replacement.chooser\")"),
    ("replace: 717.3a two increases", RI, "if len(up) >= 2:", "if len(up) >= 1:"),
    ("replace: destroyed includes lethal damage", RE, 'ev.data.get("cause") not in ("destroy", "lethal")', 'ev.data.get("cause") not in ("destroy",)'),
    ("replace: durations end", RE, "st.repl_effects = [r for r in st.repl_effects if r.until != until]", "st.repl_effects = list(st.repl_effects)"),
    # continuous effects (714, 718, 719)
    ("continuous: a group only on the field", CN, '    elif "filter" in aff:\n        if not game.is_field(card.zone):\n            return False',
     '    elif "filter" in aff:\n        if False:\n            return False'),
    ("continuous: while attacking", CN, "return combat.get(\"attacker\") == ref", "return combat.get(\"attacker\") != ref"),
    ("continuous: add adds", CN, "out[ch] = out[ch] + _amount(game, eff, spec, card, vals)", "out[ch] = out[ch] - _amount(game, eff, spec, card, vals)"),
    ("continuous: as long as", CN, "    if eff.as_long_as is None:\n        return True", "    if True:\n        return True"),
    ("continuous: durations end", CN, "st.cont_effects = [e for e in st.cont_effects if e.until != until]", "st.cont_effects = list(st.cont_effects)"),
    # effects (712, 713)
    ("effect: may only if all can be done", E, "if len(game.state.in_zone(\"hand\", p)) < value(ctx, spec.get(\"count\", 1)):", "if False:"),
    ("effect: draw until a limit met", E, "if have >= limit:", "if have > limit:"),
    ("effect: if you targeted needs a legal target", E, "hit = bool(wanted) and any(w in legal for w in wanted)", "hit = bool(wanted)"),
    ("effect: damage only to field cards", E, "        if not _on_field(game, ref):\n            return False\n        ev = events.emit(game, events.Event(\"damage\"",
     "        if False:\n            return False\n        ev = events.emit(game, events.Event(\"damage\""),
    ("effect: that refers to the last card", E, "    ctx.that = refs\n    return all(results)", "    return all(results)"),
    # events
    ("event: a card off the field is its owner's", EV, "            card.controller = card.owner", "            pass"),
    ("event: 0 damage is no damage", EV, "    if amount <= 0:\n        if game.data.cite(\"damage.zero\")", "    if amount < 0:\n        if game.data.cite(\"damage.zero\")"),
    ("event: only counters it has come off", EV, 'amount = max(int(ev.data["amount"]), -card.counters.get(kind, 0))', 'amount = int(ev.data["amount"])'),
    ("event: off the field damage is removed", EV, "        card.damage = 0\n", "        pass\n"),
    # entering, turns, loops
    ("enter: uniqueness per controller", F, "and c.controller == card.controller and game.is_field(c.zone)", "and game.is_field(c.zone)"),
    ("turn: this-turn abilities end", G, 'card.granted = [g for g in card.granted if g.until != "turn"]', "card.granted = list(card.granted)"),
    ("loop: the smallest number wins", L, "            if y < x:", "            if y > x:"),
]

# A second batch, written after the tests the first batch called for, and run once against them: the figure of the
# review (the first batch's survivors showed where tests were missing; this one checks the tests were not merely fitted).
ENGINE2: list[tuple[str, str, str, str]] = [
    ("target: distribute amounts locked", T, 'link.locked[f"{name}.amount"] = total', 'link.locked[f"{name}.amount"] = 0 * total'),
    ("target: magnets as many as possible", T, "combos = [c for c in combos if sum(1 for o in c if o in magnets) == best]", "combos = combos"),
    ("target: not enough legal targets", T, "    if len(legal) < n:\n        raise CannotAdd", "    if len(legal) < 0:\n        raise CannotAdd"),
    ("resolve: the if clause checked again", R, "    if not _if_clause_holds(game, link):", "    if False:"),
    ("chain: X is 0 when not paid", C, "            link.x = 0\n", "            link.x = 1\n"),
    ("chain: the opponent chooses the mode", C, "            chooser = opponents[0]", "            chooser = link.controller"),
    ("trigger: a player's triggers ordered by them", TR, "        if len(mine) > 1:\n            options", "        if False:\n            options"),
    ("trigger: attached means what it is attached to", TR, 'return host is not None and (host.attached_to == ev.card.id or host.id in ev.data.get("fell_off", ()))', "return host is not None"),
    ("replace: only packets you deal", RE, 'if s.get("controller") == "you" and ev.player != r.controller:', 'if False:'),
    ("replace: only targeted packets", RE, 'if s.get("targeted") and not d.get("targeted"):', 'if False:'),
    ("replace: damage type", RE, 'if "damage_type" in s and d.get("type") != s["damage_type"]:', 'if False:'),
    ("replace: an opponent's draw", RE, 'if s.get("player") == "opponent" and ev.player == r.controller:', 'if s.get("player") == "opponent" and ev.player != r.controller:'),
    ("replace: next time spent after its batch", RE, "        if r.used_link == uid:", "        if r.used_link == uid and False:"),
    ("replace: 717.3a increase means more", RE, '(isinstance(s.get("add"), int) and s["add"] > 0)', '(isinstance(s.get("add"), int) and s["add"] >= 0)'),
    ("armor: an exhausted armor does not prevent", RI, "host.type in card.armor_for and not card.exhausted", "host.type in card.armor_for"),
    ("continuous: timestamps in order", DP, "effs = sorted(effs, key=lambda e: (e.ts, _seat_rank(game, e.controller, e.ts), e.order))",
     "effs = sorted(effs, key=lambda e: (-e.ts, _seat_rank(game, e.controller, e.ts), e.order))"),
    ("continuous: counters are effects", CN, "for k, kind in enumerate(CHARS if card.counters else ()):", "for k, kind in enumerate(()):"),
    ("event: a card's timestamp is its entering", EV, "    card.ts = st.tick()  # [timestamp.card]: the timestamp", "    card.ts = card.ts  # [timestamp.card]: the timestamp"),
    ("enter: as it enters exhausted", F, 'exhausted = bool(how.get("exhausted") or spec.get("exhausted"))', 'exhausted = bool(how.get("exhausted"))'),
    ("effect: each player from the turn player", E, "    order = game.state.seat_order_from(game.state.turn)\n    game.trace.add(\"each_player\"",
     "    order = list(reversed(game.state.seat_order_from(game.state.turn)))\n    game.trace.add(\"each_player\""),
    ("effect: attached from last-known information", E, "        if host.attached_to is None:\n            return []",
     "        if host.attached_to is None or old:\n            return []"),
    ("game: passing gives priority to the next player", G, "self.state.priority = self.state.seat_order_from(player)[1]", "self.state.priority = player"),
    ("game: combat packets to the turn player's characters first", G, "packets.sort(key=lambda p: order.index(st.view(p[1])[0].controller))", "packets.sort(key=lambda p: -order.index(st.view(p[1])[0].controller))"),
    ("loop: a mandatory loop needs over a million", L, "MANDATORY_MIN = 1_000_001", "MANDATORY_MIN = 1"),
    ("cost: the alternative cost replaces", CO, 'base = int(eval_static(game, alt.get("resources", 0), link))', 'base = base + int(eval_static(game, alt.get("resources", 0), link))'),
]

# A third batch, written after the tests the second batch called for and run once against them.
ENGINE3: list[tuple[str, str, str, str]] = [
    ("target: subtype", T, 'if "subtype" in flt and flt["subtype"] not in cur["subtypes"]:', 'if False:'),
    ("target: owner", T, 'if "owner" in flt and (card.owner == controller) != (flt["owner"] == "you"):', 'if False:'),
    ("target: exhausted or ready", T, 'if "exhausted" in flt and card.exhausted != bool(flt["exhausted"]):', 'if False:'),
    ("target: gte bound", T, 'if "gte" in bounds and value < eval_static(game, bounds["gte"], link):', 'if "gte" in bounds and value <= eval_static(game, bounds["gte"], link):'),
    ("target: status", T, 'if "status" in flt and flt["status"] not in card.status:', 'if False:'),
    ("target: not self", T, 'if flt.get("not") == "self" and link is not None and card.id == link.source.id:', 'if False:'),
    ("target: a link left the chain", T, '        if other is None:\n            return "left_chain"', '        if False:\n            return "left_chain"'),
    ("target: a player target's controller", T, '        if who == "opponent" and obj.id == link.controller:\n            return "controller"', '        if False:\n            return "controller"'),
    ("target: off-field zones named", T, '        return "zone"  # [target.legal]: off-field cards only', '        pass  # [target.legal]: off-field cards only'),
    ("target: no double targeting", T, 'return [o for o in pool if o not in taken and check(game, link, slot, o) is None]', 'return [o for o in pool if check(game, link, slot, o) is None]'),
    ("resolve: only legal targets affected", R, '        game.trace.add("partial", game.data.cite("resolve.partial"), targets=[o for v in legal.values() for o in v])', '        legal = dict(link.targets)'),
    ("resolve: a card that is not a permanent goes to the graveyard", R, '        events.emit(game, events.Event("move", link.source, data={"to": game.data.graveyard, "cause": "silent",\n'
     '                                                                  "own_resolution": True}))', '        pass'),
    ("chain: X is chosen", C, 'link.x = int(game.ask(Choice("x", link.controller, link.source.id, xs if len(xs) > ENUMERATE_MAX else tuple(xs))))', 'link.x = int(xs[0])'),
    ("chain: a declined trigger cost removes it", C, '            if not pay:\n                game.trace.truncate(mark)', '            if False:\n                game.trace.truncate(mark)'),
    ("chain: what triggers on becoming a target", C, '                events.emit(game, events.Event("targeted", o, player=link.controller, data={"link": link.uid, "trigger_cites": game.data.cite("chain.used")}))', '                pass'),
    ("cost: the alternative cost is optional", CO, '        if use_alt:\n', '        if True:\n'),
    ("cost: a destroy cost needs a card", CO, '        if not options:\n            raise CannotAdd("nothing_to_destroy")', '        if False:\n            raise CannotAdd("nothing_to_destroy")'),
    ("cost: the pool is spent", CO, 'st.pools[link.controller] = st.pools.get(link.controller, 0) - amount', 'st.pools[link.controller] = st.pools.get(link.controller, 0)'),
    ("trigger: used only by a card or an ability", TR, 'if "link_kind" in when and ev.data.get("link_kind") != when["link_kind"]:', 'if False:'),
    ("trigger: the source of a packet", TR, '        if not _card_matches(game, when["source"], fake, host, host_ref, bindings, controller):\n            return False', '        pass'),
    ("trigger: a trigger on a card that moved follows it", TR, '                out[name] = ev.data["new"]', '                pass'),
    ("trigger: a once triggered effect is removed", TR, '        if te.once:\n            st.trigger_effects.remove(te)', '        if False:\n            st.trigger_effects.remove(te)'),
    ("trigger: a state trigger waits until it left the chain", TR, 'if ab.get("kind") != "triggered" or "state" not in when or (card.id, i) in st.state_pending:', 'if ab.get("kind") != "triggered" or "state" not in when:'),
    ("trigger: triggers wait for priority", TR, '        if not game.state.waiting:\n            return\n        place_waiting(game)', '        return'),
    ("replace: an effect applies once to an event", RE, 'cands = [r for r in live if r.rid not in applied and matches(game, r, ev)]', 'cands = [r for r in live if matches(game, r, ev)][:1] if not applied else []'),
    ("replace: skip", RE, '    if "instead" in s or s.get("skip"):', '    if "instead" in s:'),
    ("replace: set the amount", RE, '        ev.data["amount"] = int(s["set_amount"])', '        pass'),
    ("replace: a draw by the player it names", RE, '        if s.get("player") == "you" and ev.player != r.controller:\n            return False', '        if False:\n            return False'),
    ("prevent: a prevented packet below 1 vanishes", RE, '        if ev.data["amount"] < 1:  # [prevention.packet_gone]', '        if ev.data["amount"] < 0:  # [prevention.packet_gone]'),
    ("prevent: prevented damage triggers", RE, '        if prevented > 0 and ev.card is not None:  # [prevention.trigger]', '        if False:  # [prevention.trigger]'),
    ("continuous: set a value", CN, '        out[ch] = _amount(game, eff, spec, card, vals)\n    for ch, spec in eff.add.items():', '        pass\n    for ch, spec in eff.add.items():'),
    ("continuous: cannot attack", G, '        if why is not None:  # a rule effect says it cannot attack', '        if False:  # a rule effect says it cannot attack'),
    ("continuous: an effect excepting a card", CN, '    if card.ref in aff.get("except", ()):\n        return False', '    pass'),
    ("continuous: this combat ends", G, '        continuous.end(self, "combat")', '        pass'),
    ("dependency: a dependent effect after what it depends on", DP, '            reason = "dependency" if deps[id(effs[i])] else plain[id(effs[i])]', '            reason = plain[id(effs[i])]'),
    ("effect: may decided by its player", E, '        yes = bool(game.ask(Choice("may", ctx.controller, ctx.source.id, (False, True))))', '        yes = True'),
    ("effect: ready only what is exhausted (may)", E, '            if key == "ready" and all(not game.state.cards[r.id].exhausted for r in refs):\n                return False', '            pass'),
    ("effect: if-else", E, '    return run_ops(game, ctx, spec.get("then" if ok else "else") or [])', '    return run_ops(game, ctx, spec.get("then") or [])'),
    ("effect: each player does it", E, '        sub = Context(game, ctx.link, p, ctx.source,', '        sub = Context(game, ctx.link, ctx.controller, ctx.source,'),
    ("effect: a token under its player", E, '    who = players(ctx, spec.get("under", "you"))', '    who = players(ctx, "you")'),
    ("event: a repair only removes damage there is", EV, '    amount = max(0, min(card.damage, int(ev.data["amount"])))', '    amount = max(0, int(ev.data["amount"]))'),
    ("event: a draw from an empty deck", EV, '    if top is None:\n        game.trace.add("draw_none"', '    if False:\n        game.trace.add("draw_none"'),
    ("event: a card enters face down", F, '    card.face_down = bool(how.get("face_down", False))', '    card.face_down = False'),
    ("event: what it enters with", F, '        card.counters[kind] = card.counters.get(kind, 0) + int(n)', '        pass'),
    ("actions: sacrifice needs enough cards", AC, '        if len(mine) < n or n < 1:', '        if not mine:'),
    ("actions: life lost", EV, '    sign = 1 if ev.kind == "gain_life" else -1', '    sign = 1'),
]

# The index of where the cards are (GameState.place/add/to_bottom, top_of, field_cards, acting_cards): triggers,
# replacement and continuous effects, lethal damage and draws ask it instead of every card of the game.
ST = "judge/engine/state.py"
ZONES: list[tuple[str, str, str, str]] = [
    ("index: place() files the card in its new zone", ST, "insort(self.zone_pos.setdefault(zone, []), i)", "self.zone_pos.setdefault(zone, [])"),
    ("index: place() takes the card out of its old zone", ST, "del old[bisect_left(old, i)]", "old = old"),
    ("index: a move goes through place()", EV, "    st.place(card, to)\n", "    card.zone = to\n"),
    ("index: a token is filed in its zone", ST, "self.zone_pos.setdefault(card.zone, []).append(self.pos[card.id])", "self.pos[card.id]"),
    ("index: a token with a zone-naming ability acts off the field", ST, "        if _works_elsewhere(card):\n            self.zoned_ids.add",
     "        if False:\n            self.zoned_ids.add"),
    ("index: the top of a deck is its owner's", ST, "            if card.owner == player:\n                return card", "            if True:\n                return card"),
    ("index: acting cards include zone-naming cards off the field", ST, "places = {self.pos[i] for i in self.zoned_ids}", "places = set()"),
    ("index: printed zone-naming cards found at the start", ST, "self.zoned_ids = {cid for cid, c in self.cards.items() if _works_elsewhere(c)}", "self.zoned_ids = set()"),
    ("index: to_bottom() rebuilds the index", ST, "        self.cards[card_id] = self.cards.pop(card_id)\n        self.reindex()", "        self.cards[card_id] = self.cards.pop(card_id)"),
    ("index: the field is only the field's zones", ST, "        return self.in_zones(self.field_zones)", "        return list(self.cards.values())"),
    ("index: zones read in file order", ST, "return [self.cards[self.by_pos[i]] for i in sorted(places)]",
     "return [self.cards[self.by_pos[i]] for i in places]"),
    ("index: a player's field cards are those they control", ST, "(c.controller if zone in self.field_zones else c.owner) == player", "c.owner == player"),
]

# Mutants that change no behaviour the rules define (with why); they are left out of the figure.
EQUIVALENT: dict[str, str] = {
    "target: a card cannot target itself": "unreachable while a link is added: its card is on the chain, and a card on the "
    "chain is refused as such first; only a later change of target after the card left the chain would reach it",
    "prevent: a shield shrinks by X": "the same whenever the shield goes on: a packet no larger than what is left is "
    "prevented in full (Y = X); a larger one uses the shield up either way (X > left, so left − X < 1 and left − Y = 0)",
    "target: distribute amounts locked": "`link.locked['….amount']` is only written, never read (a game dividing on resolution reads `….total`): the amount is locked by being "
    "worked out once, as the link is added",
    "replace: 717.3a increase means more": "differs only for `add: 0`, a replacement that changes nothing",
    "index: zones read in file order": "only the order of the field's cards across several field zones changes; every "
    "reader sorts them again (by timestamp, seat, the player's chosen order) or treats them as simultaneous: with this "
    "mutant every bundled scenario's trace is the same under PYTHONHASHSEED 1, 2 and 3",
    "index: a player's field cards are those they control": "unreachable: in_zone() with a player is asked only of the "
    "hand and the deck (the `units` expectation counts the units a player controls itself)",
}


# the search's scoring (issue 12): terms read once and combined over dictionaries, the bag, the mapped index files
SP, SC, SQ, SM, SS = ("judge/search/postings.py", "judge/search/coord.py", "judge/search/query.py",
                      "judge/search/mapped.py", "judge/search/snippet.py")
SEARCH: list[tuple[str, str, str, str]] = [
    ("postings: an Or keeps the best term, not the sum", SP, "out[doc] = out[doc] + score if doc in out else score",
     "out[doc] = max(out[doc], score) if doc in out else score"),
    ("postings: an And needs any part, not every one", SP,
     "    common = set(min(parts, key=len))\n    for part in parts:\n        common.intersection_update(part)\n"
     "    return {doc: sum(part[doc] for part in parts) for doc in sorted(common)}", "    return union(parts)"),
    ("postings: a boost is ignored", SP, "        return _boosted(out, q.boost)", "        return out"),
    ("postings: AndMaybe drops the optional part", SP, "out = {d: s + optional[d] if d in optional else s for d, s in required.items()}",
     "out = dict(required)"),
    ("postings: a read term's boost is ignored where skipped to", SP,
     "return _boosted({d: read[d] for d in docs if d in read}, q.boost)", "return {d: read[d] for d in docs if d in read}"),
    ("postings: an Or's boost is ignored where skipped to", SP,
     "return _boosted(union(self.scores_at(sub, docs) for sub in q.subqueries), q.boost)",
     "return union(self.scores_at(sub, docs) for sub in q.subqueries)"),
    ("postings: no phrase ever matches", SP, "        return bool(intersection([self.term(q.fieldname, w) for w in q.words]))",
     "        return False"),
    ("postings: a segment's offset is not added", SP, "out[m.id() + offset] = m.score()", "out[m.id()] = m.score()"),
    ("coord: the share is not squared", SC, "(counts[doc] / live) ** exponent", "(counts[doc] / live)"),
    ("coord: parts the index lacks count", SC, "live = sum(1 for part in matched if part)", "live = len(matched)"),
    ("coord: support adds nothing", SC, "            scores[doc] += score", "            pass"),
    ("query: the bag ignores --game and --kind", SQ, "coordinated(self._postings, parts, support, COORD_EXPONENT), flt,",
     "coordinated(self._postings, parts, support, COORD_EXPONENT), None,"),
    ("query: the strict query ignores --game and --kind", SQ, "        if flt is not None:\n            matching =",
     "        if False:\n            matching ="),
    ("query: words side by side add nothing", SQ, "                matching[doc] += score", "                pass"),
    ("query: an empty filter lets everything through", SQ, "if flt is None or doc in flt", "if not flt or doc in flt"),
    ("snippet: overlapping words marked in set order", SS, "sorted(dict.fromkeys(n for n in needles if n), key=len, reverse=True)",
     "sorted({n for n in needles if n}, key=len, reverse=True)"),
    ("mapped: a read does not advance", SM, "        self._pos = max(self._pos, end)", "        pass"),
    ("mapped: seek from the current position starts at 0", SM, "self._pos + pos if whence == 1", "pos if whence == 1"),
    ("mapped: peek advances", SM, "        return bytes(self._view[self._pos : self._pos + 4096])", "        return self.read(4096)"),
]
SEARCH_TESTS = ["tests/test_search_coord.py", "tests/test_search_mapped.py", "tests/test_search_query.py",
                "tests/test_search_faq.py", "tests/test_search_cli.py", "tests/test_search_index.py",
                "tests/test_search_quality.py"]

SETS = {"fixes": FIXES, "engine": ENGINE, "engine2": ENGINE2, "engine3": ENGINE3, "zones": ZONES, "search": SEARCH}

TIMEOUT = 180  # seconds for one mutant's tests (about 20 s when nothing hangs)


def run_one(mutant: tuple[str, str, str, str], tests: list[str]) -> tuple[str, str, str]:
    name, path, old, new = mutant
    text = (ROOT / path).read_text(encoding="utf-8")
    if text.count(old) != 1:
        return name, "bad", f"{path}: the text to change appears {text.count(old)} times"
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        copy = Path(tmp) / "tree"
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", "__pycache__", ".pytest_cache", "*.egg-info"))
        (copy / path).write_text(text.replace(old, new), encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(copy), "CI": "true", "JUDGE_CACHE_DIR": str(Path(tmp) / "cache"),
               "PYTHONDONTWRITEBYTECODE": "1"}
        try:
            proc = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests], cwd=copy,
                                  env=env, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:  # the engine no longer comes to an end: the tests caught it
            return name, "killed", f"the tests did not finish within {TIMEOUT} s"
        last = (proc.stdout.strip().splitlines() or [""])[-1]
        failed = next((l for l in proc.stdout.splitlines() if l.startswith("FAILED") or l.startswith("ERROR")), last)
        return name, "killed" if proc.returncode != 0 else "survived", failed if proc.returncode else last


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("which", nargs="?", default="all", choices=tuple(SETS) + ("engines", "all"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", help="mutant ids to run")
    args = parser.parse_args()
    engines = [label for label in SETS if label not in ("fixes", "search")]
    chosen = [m for label, muts in SETS.items() for m in muts
              if args.which in (label, "all") or (args.which == "engines" and label in engines)]
    if args.only:
        chosen = [m for m in chosen if m[0] in args.only]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda m: run_one(m, SEARCH_TESTS if m in SEARCH else TESTS), chosen))
    for name, status, detail in results:
        print(f"{status:9} {name}  — {detail}")
    groups = [(label, {m[0] for m in muts}) for label, muts in SETS.items()]
    groups.append(("all engine sets", {m[0] for label, muts in SETS.items() if label in engines for m in muts}))
    for label, names in groups:
        rows = [(n, s) for n, s, _ in results if n in names]
        if not rows:
            continue
        real = [(n, s) for n, s in rows if n not in EQUIVALENT]
        killed = sum(s == "killed" for _, s in real)
        print(f"{label}: {killed} of {len(real)} non-equivalent mutants killed ({100 * killed / len(real):.0f}%); "
              f"{len(rows) - len(real)} equivalent; bad patches: {sum(s == 'bad' for _, s in rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
