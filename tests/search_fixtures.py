"""A small three-game corpus (both scripts) written as real corpus files, for the search tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from judge.corpus.model import Example, Rule, Source
from judge.corpus.store import write_game

GLOSSARY = """\
version: 1
concepts:
  - id: response-chain
    en: [response chain, stack]
    terms:
      rise: [响应链]
      sanguo: [堆疊]
      riftbound: [结算链]
    rules:
      rise: ["707.1"]
      sanguo: ["407.1"]
  - id: replacement-effect
    en: [replacement effect]
    terms:
      rise: [替代性影响]
      sanguo: [替代性效果]
    aliases: [替换效果]
    rules:
      rise: ["716"]
      sanguo: ["417.1a"]
"""

# (game, id, parent, title, text, examples)
RULES: list[tuple[str, str, str | None, str | None, str, list[str]]] = [
    ("rise", "706", None, "目标", "", []),
    ("rise", "706.1", "706", None, "某些连结需要一个或数个目标。是指在将连结加入响应链（章节707）时必须选择的一张卡牌或玩家。", []),
    ("rise", "707", None, "添加连结", "", []),
    ("rise", "707.1", "707", None, "将一个连结加入响应链时，玩家需依序执行下列步骤。", []),
    ("rise", "709", None, "解析连结", "", []),
    ("rise", "709.1", "709", None, "如果所有玩家连续让过优先权且响应链不为空，便尝试解析最顶端的连结。", []),
    ("rise", "716", None, "替代性影响", "", []),
    ("rise", "716.1", "716", None, "替代性影响的格式为“将……，改为……”。这不会用到响应链。", ["你操控“霞光”战袍，会将每个射线损伤包+1。"]),
    ("rise", "717.2a", None, None, "如果某个可被防止的损伤包被防止所有损伤的影响替代，该损伤包便会消失。", []),
    ("rise", "718.1", None, None, "持续性影响会依时间印记的顺序生效，除非其中一个从属于另一个影响（章节719）。", []),
    ("rise", "803", None, "死循环", "", []),
    ("rise", "803.1", "803", None, "有时候游戏会进行到一组动作不断反复的状态。此部分规则会说明如何处理此类“死循环”。", []),
    ("sanguo", "407.1", None, "時序、優先權和堆疊", "", []),
    ("sanguo", "407.1e", "407.1", None, "使用卡牌后，此卡牌便進入堆疊；使用主動技能后，此技能便進入堆疊。", []),
    ("sanguo", "409.9a", None, None, "進場觸發的技能，會在永久物進入戰場時觸發。", []),
    ("sanguo", "410.3", None, None, "鎖定技能與其它類型的技能不同之處，便是當決定其效果如何生效時，并不使用物體已知的最后信息。", []),
    ("sanguo", "417.1a", None, None, "替代性效果即為包含「改為」一詞的效果。", []),
    ("sanguo", "418.5c", None, None, "生命大于0且受到致命傷害的部隊會被消滅。", []),
    ("riftbound", "820.1", None, None, "[回响]是一种可选额外费用关键词。", []),
    ("riftbound", "820.1.c.3", "820.1", None, "每个[回响]费用仅可支付一次。", []),
    ("riftbound", "820.1.d", "820.1", None, "在结算时额外执行一次此结算链项目的指示。", []),
]


def make_rules() -> dict[str, list[Rule]]:
    """The fixture rules per game, with children filled in."""
    out: dict[str, list[Rule]] = {}
    for line, (game, rid, parent, title, text, examples) in enumerate(RULES, 1):
        children = [r[1] for r in RULES if r[0] == game and r[2] == rid]
        out.setdefault(game, []).append(
            Rule(game, rid, parent, children, title, [], text, [Example(e) for e in examples], [], [], False, Source("fixture.txt", line), text)
        )
    return out


def write_corpus(root: Path, glossary: str = GLOSSARY) -> Path:
    """Write the fixture corpus (``<game>.yaml``) and glossary under ``root``; return ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    for game, rules in make_rules().items():
        write_game(game, [{"file": "fixture.txt", "title": f"{game} fixture"}], rules, root)
    (root / "glossary.yaml").write_text(glossary, encoding="utf-8")
    return root


def write_rules(root: Path, game: str, rules: list[tuple[str, str]], glossary: str = "concepts: []\n") -> Path:
    """Write a one-game corpus of ``(id, text)`` rules (no titles) under ``root``; return ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    objs = [Rule(game, rid, None, [], None, [], text, [], [], [], False, Source("t.txt", i), text) for i, (rid, text) in enumerate(rules, 1)]
    write_game(game, [{"file": "t.txt"}], objs, root)
    (root / "glossary.yaml").write_text(glossary, encoding="utf-8")
    return root


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private index cache (``JUDGE_CACHE_DIR``) so tests never touch the user's cache."""
    path = tmp_path / "cache"
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(path))
    return path


@pytest.fixture
def corpus_root(tmp_path: Path, cache: Path) -> Path:
    """The fixture corpus written under tmp_path, with a private cache."""
    return write_corpus(tmp_path / "corpus")


QUERIES = Path(__file__).resolve().parent / "data" / "search_queries.yaml"
HELD_OUT = Path(__file__).resolve().parent / "data" / "search_heldout.yaml"
HELD_OUT_2 = Path(__file__).resolve().parent / "data" / "search_heldout2.yaml"  # the second held-out set (issue 23)
HELD_OUT_3 = Path(__file__).resolve().parent / "data" / "search_heldout3.yaml"  # the third, written 2026-12-02 (issue 23)
HELD_OUT_4 = Path(__file__).resolve().parent / "data" / "search_heldout4.yaml"  # the fourth, written before round three
HELD_OUT_5 = Path(__file__).resolve().parent / "data" / "search_heldout5.yaml"  # the fifth, written before round four
HELD_OUTS = (HELD_OUT, HELD_OUT_2, HELD_OUT_3, HELD_OUT_4, HELD_OUT_5)  # every set nobody tuned on when it was written


def real_corpus_root() -> Path:
    """The bundled corpus folder."""
    from judge import paths

    return paths.corpus_dir()


def load_queries(path: Path = QUERIES) -> list[dict[str, Any]]:
    """The labelled query set (or the held-out questions, :data:`HELD_OUT`)."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))["queries"]


def evaluate(search_fn: Callable[[str, str | None], list[str]], queries: list[dict[str, Any]], k: int = 5) -> dict[str, Any]:
    """recall@k (share of expected ids in the top k, averaged) and MRR (first expected id's rank)."""
    recalls: list[float] = []
    rrs: list[float] = []
    misses: list[str] = []
    for item in queries:
        found = search_fn(str(item["q"]), item.get("game"))
        expect = list(item["expect"])
        top = found[:k]
        recalls.append(sum(e in top for e in expect) / len(expect))
        rank = next((i for i, key in enumerate(found, 1) if key in expect), None)
        rrs.append(1.0 / rank if rank else 0.0)
        if recalls[-1] < 1 or rank != 1:
            misses.append(f"{item['q']!r}: expected {expect}, got {found[:k]}")
    return {"recall": sum(recalls) / len(recalls), "mrr": sum(rrs) / len(rrs), "n": len(queries), "misses": misses}
