"""The split between the generic engine and each game's data and rule module.

No rule number, zone, card type or game id of a particular game may be written in the generic engine, the scenario
layer, its schema or the coverage code; every rule key the engine cites is mapped by every game, to rule ids its own
corpus has; every word and trace phrase the engine uses exists in every game's data.
"""

from __future__ import annotations

import json
import re
import tokenize
from pathlib import Path

import pytest
import yaml

from judge.corpus.store import load_corpus
from judge.games import games_with_engine, load_game

ROOT = Path(__file__).resolve().parents[1]
GENERIC = sorted((ROOT / "judge/engine").rglob("*.py")) + sorted((ROOT / "judge/scenario").glob("*.py")) + [
    ROOT / "judge/report/coverage.py"]
GAME_RULES = sorted((ROOT / "judge/games").glob("*/rules.py"))
GAMES = games_with_engine()
RULE_NUMBER = re.compile(r"(?<![\w.])\d{3}\.\d+(?:\.[a-z0-9]+)*[a-z]?(?![\w])")
GENERIC_ZONES = {"hand", "deck", "chain"}  # every game has these (judge.engine.ruleset.REQUIRED_ZONES)
# words of the scenario format and the engine that a game also happens to use as an id: "ability" is a link on the
# chain that is an activated ability (崛起 also has a card type 能力), "resources" a player's pool and a cost's amount
# (崛起 also has a zone 资源栏), "units" the number of units a player controls on the field in an expectation (崛起
# also has a zone 部队栏), "graveyard" the game data's field naming where destroyed cards go (the Three-Kingdoms game
# calls its zone so), "unit" the format's `type: unit` (any type the game data marks as a unit; Riftbound also calls a
# card type 单位 unit)
FORMAT_WORDS = {"ability", "resources", "units", "graveyard", "unit"}


def _engine_sources() -> list[Path]:
    return [p for p in GENERIC if p.suffix == ".py"] + GAME_RULES


def test_there_are_games_with_an_engine() -> None:
    assert {"rise", "sanguo"} <= set(GAMES)


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_rule_number_of_any_game_in_generic_code(path: Path) -> None:
    """Code, comments and docstrings name the rule key; the game's data file names the rule."""
    text = path.read_text(encoding="utf-8")
    found = RULE_NUMBER.findall(text)
    assert not found, f"{path.name} names rule numbers {sorted(set(found))}: cite a rule key instead"


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_zone_type_or_game_id_of_a_particular_game_in_generic_code(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    words: set[str] = set(GAMES)
    for g in GAMES:
        data = load_game(g)
        words |= (set(data.zones) - GENERIC_ZONES) | set(data.types)
    words -= FORMAT_WORDS
    quoted = {w for w in words if re.search(rf"""["']{re.escape(w)}["']""", text)}
    assert not quoted, f"{path.name} names {sorted(quoted)}: take them from the game's data"


def _cited_keys() -> set[str]:
    keys: set[str] = set()
    for p in _engine_sources():
        for call in re.findall(r"\bcite\(([^()]*(?:\([^()]*\)[^()]*)*)\)", p.read_text(encoding="utf-8")):
            keys |= set(re.findall(r'"([a-z_]+\.[a-z_.]+)"', call))
    return keys


def _comment_keys() -> set[str]:
    """Rule keys named in comments and docstrings as ``[prefix.name]`` (prefixes of the keys the games map)."""
    prefixes = {k.split(".")[0] for g in GAMES for k in load_game(g).rules}
    keys: set[str] = set()
    for p in _engine_sources():
        with p.open("rb") as f:
            prose = [t.string for t in tokenize.tokenize(f.readline) if t.type in (tokenize.COMMENT, tokenize.STRING)]
        keys |= set(re.findall(r"\[([a-z_]+\.[a-z_]+(?:\.[a-z_]+)*)\]", "\n".join(prose)))
    return {k for k in keys if k.split(".")[0] in prefixes}


def test_the_engine_cites_by_rule_key() -> None:
    assert len(_cited_keys()) > 60


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_key_the_engine_cites_is_mapped_by_the_game(game: str) -> None:
    missing = _cited_keys() - set(load_game(game).rules)
    assert not missing, f"{game}: rule keys without a mapping: {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_rule_keys_named_in_comments_exist(game: str) -> None:
    missing = _comment_keys() - set(load_game(game).rules)
    assert not missing, f"comments name rule keys that {game} does not map: {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_key_a_games_own_modules_cite_is_mapped_by_that_game(game: str) -> None:
    """A game's own mechanism modules (judge/games/<game>/*.py) may cite keys only that game has; it must map them."""
    keys: set[str] = set()
    for p in sorted((ROOT / "judge/games" / game).glob("*.py")):
        for call in re.findall(r"\bcite\(([^()]*(?:\([^()]*\)[^()]*)*)\)", p.read_text(encoding="utf-8")):
            keys |= set(re.findall(r'"([a-z_]+\.[a-z_.]+)"', call))
    missing = keys - set(load_game(game).rules)
    assert not missing, f"{game}'s modules cite rule keys its data does not map: {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_a_games_own_modules_use_only_its_own_phrases_and_words(game: str) -> None:
    """Steps and words a game's mechanism modules add exist in that game's data, in both languages."""
    data = load_game(game)
    for p in sorted((ROOT / "judge/games" / game).glob("*.py")):
        text = p.read_text(encoding="utf-8")
        for kind in re.findall(r'trace\.add\(\s*"([a-z_]+)"', text):
            assert data.phrases.get(kind, {}).get("en") and data.phrases[kind].get("zh"), (p.name, kind)
        for word in re.findall(r'\.text\(\s*"([a-z_]+)"', text) + [f"why_{r}" for r in re.findall(r'return "([a-z_]+)"  #', text)]:
            assert word in data.words, (p.name, word)


@pytest.mark.parametrize("game", GAMES)
def test_every_mapped_rule_is_a_rule_of_the_games_own_document(game: str) -> None:
    data = load_game(game)
    corpus = load_corpus()
    known = {r.id for r in corpus.all_rules(data.corpus)}
    outside = set(data.raw.get("rules_outside_corpus") or ())  # rules a FAQ names that the corpus lacks
    unknown = {i for ids in data.rules.values() for i in ids if i not in known and i not in outside}
    assert not unknown, f"{game} maps rule keys to ids its corpus does not have: {sorted(unknown)}"


def _literal_keys(pattern: str) -> set[str]:
    out: set[str] = set()
    for p in _engine_sources() + [ROOT / "judge/scenario/runner.py"]:
        out |= set(re.findall(pattern, p.read_text(encoding="utf-8")))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_trace_phrase_exists_in_both_languages(game: str) -> None:
    data = load_game(game)
    kinds = _literal_keys(r'trace\.add\(\s*"([a-z_]+)"') | _literal_keys(r'self\.trace\.add\(\s*"([a-z_]+)"')
    kinds |= {"if_you_do_yes", "if_you_do_no", "if_targeted_yes", "if_targeted_no", "may_yes", "may_no", "stopped"}
    for k in sorted(kinds):
        assert k in data.phrases, f"{game}: no phrase for step {k!r}"
        assert data.phrases[k].get("zh") and data.phrases[k].get("en"), f"{game}: phrase {k!r} lacks a language"


@pytest.mark.parametrize("game", GAMES)
def test_every_word_the_engine_uses_exists(game: str) -> None:
    data = load_game(game)
    # the game's words the code asks for (`game.data.text("op_damage")`, a Ruleset's `self.text(…)`), not declarations
    # of the scenario language (`M.word("step", …)`)
    used = _literal_keys(r'\b(?:data|self|rules)\.text\(\s*"([a-z_]+)"') | _literal_keys(r'\b(?:data|self)\.word\(\s*"([a-z_]+)"')
    used |= {f"why_{r}" for r in _literal_keys(r'return "([a-z_]+)"  # \[')}
    used |= {f"why_{r}" for r in _literal_keys(r'CannotAdd\("([a-z_]+)"')}
    used |= {"why_no_target", "why_few_targets", "yes", "no", "outside", "link_ability", "link_trigger", "link_effect",
             "until_turn", "until_combat", "until_game", "power", "health", "cost", "damage_on"}
    used |= {f"op_{k}" for k in ("damage", "repair", "destroy", "move", "ready", "exhaust", "counters", "grant")}
    used |= {f"event_{k}" for k in ("move", "damage", "repair", "draw", "ready", "exhaust", "counters", "create")}
    for k in sorted(used):
        assert k in data.words, f"{game}: no word {k!r}"
        assert data.words[k].get("zh") is not None and data.words[k].get("en") is not None, f"{game}: word {k!r}"


@pytest.mark.parametrize("game", GAMES)
def test_the_schema_takes_zones_types_and_events_from_the_games_vocabulary(game: str) -> None:
    """Each game's part of the schema has its own zones, card types and trigger events, and no other game's."""
    from judge.scenario.schema import schema

    s = schema()
    data = load_game(game)
    assert game in s["properties"]["game"]["enum"]
    own = next(c["then"]["$ref"] for c in s["allOf"] if c["if"]["properties"]["game"]["const"] == game)
    assert own == f"#/$defs/{game}.file_fields"
    card = s["$defs"][f"{game}.card_fields"]["properties"]
    assert card["zone"]["enum"] == list(data.zones) and card["type"]["enum"] == list(data.types)
    assert set(s["$defs"][f"{game}.when"]["properties"]["event"]["enum"]) == set(data.vocab.words("event"))


@pytest.mark.parametrize("game", GAMES)
def test_game_data_has_the_zones_the_engine_needs(game: str) -> None:
    from judge.engine.ruleset import REQUIRED_ZONES

    data = load_game(game)
    assert set(REQUIRED_ZONES) <= set(data.zones)
    assert data.graveyard in data.zones and not data.is_field(data.graveyard)
    assert data.coverage, f"{game}: no coverage ranges"
    raw = yaml.safe_load((ROOT / "judge/games" / game / "game.yaml").read_text(encoding="utf-8"))
    assert raw["game"] == game
