"""`judge card NAME`: a card by any of its names, with the texts the documents quote and everything that names it."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from judge.cli import cli
from judge.corpus.store import load_corpus

REPO = Path(__file__).resolve().parents[1]


def card(*args: str, code: int = 0):
    res = CliRunner().invoke(cli, ["card", *args, "--lang", "zh"])
    assert res.exit_code == code, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    return res.output


def card_json(*args: str) -> dict:
    return json.loads(card(*args, "--json"))


def test_a_card_a_worked_example_quotes_comes_with_that_text_and_its_line() -> None:
    rule = load_corpus().get("rise", "708.1a")
    quoted = next(c for e in rule.examples for c in e.cards if c.name == "逝者阿尔贝托")  # the rules document's own text
    data = card_json("逝者阿尔贝托")
    assert data["matched"] == "exact" and len(data["cards"]) == 1
    found = data["cards"][0]
    assert found["game"] == "rise"
    example = [p for p in found["printings"] if p["kind"] == "example"]
    assert example == [{"kind": "example", "where": "708.1a", "text": quoted.text, "line": rule.source.line, "basis": None,
                        "type": None}]
    assert "708.1a" in found["rules"]
    assert "rise/708_1a_your_turn" in found["scenarios"] and "rise/708_1a_opponents_turn" in found["scenarios"]
    text = card("逝者阿尔贝托")
    assert f"规则 708.1a 的示例（第 {rule.source.line} 行）：逝者阿尔贝托，2，众神议会" in text


def test_a_faq_card_by_its_traditional_name_its_simplified_name_english_name_or_a_part() -> None:
    faq = yaml.safe_load((REPO / "rules_corpus/faq/riftbound-vendetta.yaml").read_text(encoding="utf-8"))
    naming = sorted(e["id"] for e in faq["entries"] if any(c["name"] == "凝氣盾" for c in e.get("cards") or []))
    assert naming  # the FAQ names 凝氣盾 (Traditional)
    for typed in ("凝氣盾", "凝气盾", "Ki Barrier", "ki barrier", "凝气"):
        found = card_json(typed)["cards"]
        assert [(c["game"], c["name"], c["en"]) for c in found] == [("riftbound", "凝气盾", "Ki Barrier")], typed
        assert found[0]["faq"] == naming
    library = [p for p in found[0]["printings"] if p["kind"] == "library"]
    assert library and library[0]["where"] == "riftbound/vendetta.cards#ki_barrier" and "inferred" in library[0]["basis"]


def test_a_champion_by_its_name_without_its_epithet() -> None:
    found = card_json("梅尔")["cards"]
    assert [c["name"] for c in found] == ["「崭新觉醒」梅尔"]
    assert "「嶄新覺醒」梅爾" in found[0]["names"]  # the FAQ's own spelling


def test_a_three_kingdoms_card_in_its_own_script_found_by_either() -> None:
    for typed in ("不死鳥", "不死鸟", "Phoenix"):
        found = card_json(typed, "--game", "sanguo")["cards"]
        assert [c["name"] for c in found] == ["不死鳥"], typed
        assert "sanguo/417_6c_self_replacement" in found[0]["scenarios"]


def test_an_unknown_name_suggests_only_names_spelled_alike() -> None:
    out = card("凝气头", code=1)
    assert "没有名为“凝气头”的卡牌；是不是：凝气盾（Ki Barrier）" in out
    out = card("xyzzy", code=1)
    assert "没有名为“xyzzy”的卡牌" in out and "是不是" not in out


def test_without_a_name_the_games_cards_are_listed() -> None:
    listed = json.loads(card("--game", "riftbound", "--json"))
    library = yaml.safe_load((REPO / "scenarios/riftbound/vendetta.cards").read_text(encoding="utf-8"))["cards"]
    names = {c["name"] for c in listed}
    assert {c["name"]["zh"] for c in library.values()} <= names
    assert all(c["game"] == "riftbound" for c in listed)


def test_the_cached_index_sees_a_changed_scenario_at_once(tmp_path, monkeypatch) -> None:
    import shutil

    from judge.cards.index import cached

    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "scenarios"
    (root / "rise").mkdir(parents=True)
    f = root / "rise" / "708_1a_your_turn.yaml"
    shutil.copy(REPO / "tests/data/inline/rise/708_1a_your_turn.yaml", f)
    assert cached(root).find("毁灭打击", "rise")[0] == "exact"
    assert cached(root).find("毁灭打击", "rise")[0] == "exact"  # from the cache
    f.write_text(f.read_text(encoding="utf-8").replace("毁灭打击", "湮灭打击"), encoding="utf-8")
    how, found = cached(root).find("湮灭打击", "rise")
    assert how == "exact" and found[0].scenarios == ["rise/708_1a_your_turn"]
    assert cached(root).find("毁灭打击", "rise")[0] != "exact"


def test_a_faq_erratum_is_shown_with_the_new_wording() -> None:
    faq = yaml.safe_load((REPO / "rules_corpus/faq/riftbound-vendetta.yaml").read_text(encoding="utf-8"))
    entry = next(e for e in faq["entries"] if e["id"] == "vendetta-25")
    said = next(p for p in entry["explanation"] if "勘誤" in p)  # 「我們已對「星鷺」進行勘誤，更新其措辭：「…」」
    new_text = said.split("措辭：「", 1)[1].rsplit("」", 1)[0]
    found = card_json("星鹭")["cards"][0]
    assert found["errata"] == [{"entry": "vendetta-25", "text": new_text}]
    assert f"勘误（FAQ vendetta-25）：「{new_text}」" in card("星鷺")
    assert card_json("凝气盾")["cards"][0]["errata"] == []  # an entry naming a card without correcting it


def test_hostile_names_are_refused_plainly() -> None:
    out = card("", code=2)
    assert "卡名为空" in out
    out = card("梅" * 5000, code=1)  # no card is named so: said with the name's start, not 5,000 characters
    assert "梅" * 40 + "…" in out and "梅" * 41 not in out and "是不是" not in out
    out = card("\x1b[31mred\x07", code=1)
    assert "\x1b" not in out and "\\x1b" in out  # a terminal escape is shown, not sent to the terminal
