"""Hostile scenario files (tests/hostile/): each ends cleanly (exit 0/1/2, a message, no traceback) in a child
process with bounded memory and a timeout, never a hang, a MemoryError or an OverflowError."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml
from builder import edited

from hostile_run import HOSTILE, assert_clean, judge

# file -> (exit status, words the output must hold); the rule or the reason behind each expectation in the comment
RUN_CASES = {
    # a 421-byte alias bomb: aliases are refused where they stand (line 3, column 8 is the first `*a`)
    "alias_bomb.yaml": (2, ["alias_bomb.yaml:3:8:", "不支持 YAML 别名"]),
    # X's maximum beyond the schema's bound (1,000,000): a located schema error, not MemoryError / OverflowError
    "x_max_1e18.yaml": (2, ["x_max_1e18.yaml:13:", "大于允许的最大值 1000000"]),
    "x_max_1e100.yaml": (2, ["x_max_1e100.yaml:13:", "大于允许的最大值 1000000"]),
    "resolve_billion.yaml": (2, ["resolve_billion.yaml:", "大于允许的最大值 1000000"]),
    # 707.1d: C(999999, 2) = 499,998,500,001 ways; strict mode names the choice and counts them, exit 1
    "distribute_million.yaml": (1, ['"options": 499998500001', '"distribute": 1000000']),
    # 707.1b: any number of 30 modes = 2**30 options
    "modes_0_to_30.yaml": (1, ['"options": 1073741824', '"choose": [0, 30]']),
    # up to all of 28 cards = 2**28 options
    "discard_up_to_all_28.yaml": (1, ['"options": 268435456', '"choose": [0, 28]']),
    # 706.1: 20 targets of 40 = C(40, 20) = 137,846,528,820 options
    "targets_20_of_40.yaml": (1, ['"options": 137846528820']),
    # 708.1a: nine waiting triggers of one player = 9! = 362,880 orders
    "triggers_order_of_9.yaml": (1, ['"options": 362880']),
    # 803: a mandatory loop resolved one link at a time: stopped at the work limit, the loop and 803 named
    "resolve_loop_million.yaml": (2, ["工作量上限", "wilson_you → wilson_opp", "803.1", "803.3"]),
    # a loop whose state never repeats: resolve_all cannot shortcut it (803) and says so
    "resolve_all_growing.yaml": (2, ["hydra → hydra", "803.1", "永远不会重复"]),
}


@pytest.mark.parametrize("name", list(RUN_CASES))
def test_run_ends_cleanly(name: str) -> None:
    code, words = RUN_CASES[name]
    res = judge(["run", HOSTILE / name])
    assert_clean(res, (code,), *words)


@pytest.mark.parametrize("name", ["alias_bomb.yaml", "x_max_1e100.yaml"])
def test_check_report_and_site_refuse_the_file_cleanly(name: str, tmp_path: Path) -> None:
    assert_clean(judge(["scenario", "check", HOSTILE / name]), (2,), name)
    assert_clean(judge(["report", HOSTILE / name, "-o", tmp_path / "r.html"]), (1, 2), name)
    site = tmp_path / "scenarios" / "rise"
    site.mkdir(parents=True)
    (site / name).write_bytes((HOSTILE / name).read_bytes())
    assert_clean(judge(["site", tmp_path / "out", "--scenarios", tmp_path / "scenarios"], timeout=60), (0, 1, 2))


@pytest.mark.parametrize("name", ["modes_0_to_30.yaml", "discard_up_to_all_28.yaml", "distribute_million.yaml"])
def test_branches_refuses_a_choice_with_too_many_options(name: str) -> None:
    res = judge(["run", HOSTILE / name, "--branches", "--json"])
    assert_clean(res, (1,))
    data = json.loads(res.stdout)[0]
    assert data["refused"] and "个合法选项，超过 --branches 会尝试的数量" in data["refused"][0]


def scripted(name: str, tmp_path: Path, choices: list[dict[str, object]], expect: list[dict[str, object]]) -> Path:
    def script(data: dict[str, object]) -> None:
        data["choices"] = (data.get("choices") or []) + choices  # type: ignore[operator]
        data["expect"] = expect

    path = tmp_path / name
    path.write_text(edited((HOSTILE / name).read_text(encoding="utf-8"), script), encoding="utf-8")
    return path


def test_a_scripted_answer_to_a_huge_choice_is_checked_at_once(tmp_path: Path) -> None:
    # 707.1d: 999,998 + 1 + 1 distributes the million; u1 takes 999,998 (health 5: destroyed), u2 and u3 take 1
    path = scripted("distribute_million.yaml", tmp_path, [{"for": "spell", "distribute": {"u1": 999998, "u2": 1, "u3": 1}}],
                    [{"card": "u1", "zone": "salvage"}, {"card": "u2", "damage": 1}, {"card": "u3", "damage": 1}])
    assert_clean(judge(["run", path]), (0,))
    # an illegal split (does not add up to the amount) is refused with what a legal one looks like
    bad = scripted("distribute_million.yaml", tmp_path, [{"for": "spell", "distribute": {"u1": 5, "u2": 1, "u3": 1}}], [])
    assert_clean(judge(["run", bad]), (2,), "不是", "的合法回答", '"distribute": 1000000')


def test_scripted_answers_to_listed_sized_spaces(tmp_path: Path) -> None:
    # discard h0 and h5 of 28 (up to all); modes 1 and 30 (each draws a card: the deck is empty, so nothing drawn)
    path = scripted("discard_up_to_all_28.yaml", tmp_path, [{"for": "spell", "discard": ["h5", "h0"]}],
                    [{"player": "opp", "hand": 26}, {"card": "h5", "zone": "salvage"}])
    assert_clean(judge(["run", path]), (0,))
    path = scripted("modes_0_to_30.yaml", tmp_path, [{"for": "spell", "mode": [1, 30]}], [{"step": "mode", "with": {"modes": [1, 30]}}])
    assert_clean(judge(["run", path]), (0,))
    order = [f"w{i}" for i in (8, 7, 6, 5, 4, 3, 2, 1, 0)]
    path = scripted("triggers_order_of_9.yaml", tmp_path, [{"by": "you", "order": order}], [{"step": "triggers_order"}])
    assert_clean(judge(["run", path]), (0,))
    targets = [f"u{i}" for i in range(21, 41)]
    path = scripted("targets_20_of_40.yaml", tmp_path, [{"for": "spell", "target": targets}],
                    [{"card": "u40", "damage": 1}, {"card": "u1", "damage": 0}])
    assert_clean(judge(["run", path]), (0,))


def test_3000_card_draw_finishes(tmp_path: Path) -> None:
    """Drawing 3,000 cards one event at a time (each draw is its own event) from a 3,000-card deck."""
    cards: dict[str, object] = {"spell": {"name": "大抽", "owner": "you", "zone": "hand", "type": "ability",
                                          "play": {"do": [{"draw": {"player": "you", "count": 3000}}]}}}
    cards.update({f"c{i}": {"name": f"牌{i}", "owner": "you", "zone": "deck", "type": "reinforcement"} for i in range(3000)})
    data = {"game": "rise", "title": "hostile: draw 3000", "players": [{"id": "you"}, {"id": "opp"}], "turn": "you",
            "cards": cards, "actions": [{"play": "spell", "by": "you"}, "resolve_all"],
            "expect": [{"player": "you", "hand": 3000}, {"player": "you", "deck": 0}]}
    path = tmp_path / "draw3000.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=200), encoding="utf-8")
    assert_clean(judge(["run", path], timeout=60), (0,))


def test_key_order_does_not_matter() -> None:
    # `{by: you, play: spell}` is a play; a `may:` whose text comes first still gets 712.7's check
    out = assert_clean(judge(["run", HOSTILE / "key_order.yaml"]), (0,))
    assert "712.7" in out
    assert_clean(judge(["scenario", "check", HOSTILE / "key_order.yaml"]), (0,))


def test_key_order_gives_the_same_ruling_either_way(tmp_path: Path) -> None:
    text = (HOSTILE / "key_order.yaml").read_text(encoding="utf-8")
    flipped = text.replace("{text: 弃一张手牌, discard: {player: you, count: 1}}", "{discard: {player: you, count: 1}, text: 弃一张手牌}")
    flipped = flipped.replace("{by: you, play: spell}", "{play: spell, by: you}")
    assert flipped != text
    (tmp_path / "a.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(flipped, encoding="utf-8")
    a, b = (json.loads(judge(["run", tmp_path / n, "--json"]).stdout)[0] for n in ("a.yaml", "b.yaml"))
    assert [s["kind"] for s in a["steps"]] == [s["kind"] for s in b["steps"]] and a["status"] == b["status"] == "pass"


def test_terminal_output_neutralises_control_and_bidi_characters() -> None:
    for args in (["run"], ["run", "--lang", "en"]):
        res = judge([*args, HOSTILE / "control_characters.yaml"])
        out = assert_clean(res, (0,))
        assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
        assert "\\x1b[2J" in out and "\\u202e" in out  # shown, visibly
    res = judge(["run", "--json", HOSTILE / "control_characters.yaml"])
    assert "\x1b" not in res.stdout and "\u202e" not in res.stdout
    assert json.loads(res.stdout)[0]["title"].startswith("hostile: \x1b[2J")  # JSON keeps the value itself


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "too_big", "folder"])
def test_file_must_be_a_regular_file_of_bounded_size(kind: str, tmp_path: Path) -> None:
    if kind == "fifo":
        path = tmp_path / "pipe.yaml"
        os.mkfifo(path)  # nobody writes: reading it would block for ever
        words = ["不是普通文件"]
    elif kind == "dev_zero":
        path = Path("/dev/zero")  # endless: reading it all would never end
        words = ["不是普通文件"]
    elif kind == "too_big":
        path = tmp_path / "big.yaml"
        path.write_bytes(b"# " + b"x" * (300 * 1024) + b"\n")
        words = ["超过 262,144 字节"]
    else:
        path = tmp_path
        words = ["文件夹中没有场景文件"]  # a folder is read for the scenarios in it; this one has none
    for cmd in (["run"], ["scenario", "check"]):
        assert_clean(judge([*cmd, path], timeout=10), (2,), *words)
    if kind in ("fifo", "dev_zero"):  # `corpus add` reads documents the same way
        res = judge(["corpus", "add", path, "--new-game", "demo"], timeout=10, env={"JUDGE_DATA_DIR": str(tmp_path / "d")})
        assert_clean(res, (2,), "不是普通文件")


def test_3000_card_draw_chain_ends_cleanly(tmp_path: Path) -> None:
    """Each draw triggers the next ("whenever you draw a card, draw a card") through a 3,000-card deck: every
    resolution costs the whole game's cards, so the work limit stops it at once and says why."""
    cards: dict[str, object] = {
        "spell": {"name": "抽", "owner": "you", "zone": "hand", "type": "ability", "play": {"do": [{"draw": {"player": "you"}}]}},
        "scholar": {"name": "学者", "owner": "you", "zone": "units", "type": "reinforcement", "power": 1, "health": 1,
                    "abilities": [{"kind": "triggered", "when": {"event": "draw", "player": "you"},
                                   "do": [{"draw": {"player": "you", "count": 1}}]}]}}
    cards.update({f"c{i}": {"name": f"牌{i}", "owner": "you", "zone": "deck", "type": "reinforcement"} for i in range(3000)})
    data = {"game": "rise", "title": "hostile: a draw chain", "players": [{"id": "you"}, {"id": "opp"}], "turn": "you",
            "cards": cards, "actions": [{"play": "spell", "by": "you"}, "resolve_all"]}
    path = tmp_path / "chain.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=200), encoding="utf-8")
    assert_clean(judge(["run", path]), (2,), "工作量上限", "3002 张卡牌", "scholar → scholar")
